package io.stele.storage.testkit.clients;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * The Avro records the serde tests write: a payment, and an order that references it, as a
 * producer holds them, and their binary encoding without any registry's framing.
 */
public final class AvroRecords {

    /** A payment: an amount and a currency. */
    public static final Schema PAYMENT = new Schema.Parser()
            .parse("{\"type\":\"record\",\"name\":\"Payment\",\"namespace\":\"shop\",\"fields\":"
                    + "[{\"name\":\"amount\",\"type\":\"long\"},{\"name\":\"currency\",\"type\":\"string\"}]}");

    /** An order's schema as registered: it names {@code shop.Payment}, which a reference resolves. */
    public static final String ORDER_TEXT = "{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"shop\",\"fields\":"
            + "[{\"name\":\"id\",\"type\":\"string\"},{\"name\":\"payment\",\"type\":\"shop.Payment\"}]}";

    /** The reference from an order to the payment of {@code subject}'s first version, as Confluent's API takes it. */
    public static String paymentReference(String subject) {
        return "[{\"name\":\"shop.Payment\",\"subject\":\"" + subject + "\",\"version\":1}]";
    }

    private AvroRecords() {}

    public static GenericRecord payment(long amount, String currency) {
        GenericRecord payment = new GenericData.Record(PAYMENT);
        payment.put("amount", amount);
        payment.put("currency", currency);
        return payment;
    }

    /** An order paid with {@code payment}, of the order schema parsed after the payment's, as a producer holds it. */
    public static GenericRecord order(String id, GenericRecord payment) {
        Schema.Parser producers = new Schema.Parser();
        producers.parse(PAYMENT.toString());
        GenericRecord order = new GenericData.Record(producers.parse(ORDER_TEXT));
        order.put("id", id);
        order.put("payment", payment);
        return order;
    }

    /** A record's Avro binary encoding. */
    public static byte[] binary(GenericRecord record) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
        try {
            new GenericDatumWriter<GenericRecord>(record.getSchema()).write(record, encoder);
            encoder.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
