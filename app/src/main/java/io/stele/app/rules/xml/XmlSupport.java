package io.stele.app.rules.xml;

import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.ParserMessages;
import io.stele.app.rules.TypeSupport;
import io.stele.app.rules.Validity;
import io.stele.storage.ArtifactType;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * XML documents, XML Schemas and WSDL, read by the JDK's parsers with DTDs and external entities
 * refused. SYNTAX_ONLY requires well-formed XML; FULL also requires, for XSD, a schema the JDK
 * compiles, and for WSDL, a WSDL 1.1 {@code definitions} or WSDL 2.0 {@code description} root.
 * The canonical form is the document re-serialised without whitespace-only text and comments. No
 * compatibility checks.
 */
public final class XmlSupport implements TypeSupport {

    private static final Set<String> WSDL_ROOTS =
            Set.of("http://schemas.xmlsoap.org/wsdl/ definitions", "http://www.w3.org/ns/wsdl description");

    private final ArtifactType type;

    public XmlSupport(ArtifactType type) {
        if (type != ArtifactType.XML && type != ArtifactType.XSD && type != ArtifactType.WSDL) {
            throw new IllegalArgumentException("not an XML type: " + type);
        }
        this.type = type;
    }

    @Override
    public ArtifactType type() {
        return type;
    }

    @Override
    public void validate(String content, Validity level) {
        if (level == Validity.NONE) {
            return;
        }
        Document document = parse(content);
        if (level != Validity.FULL) {
            return;
        }
        if (type == ArtifactType.XSD) {
            compileSchema(content);
        } else if (type == ArtifactType.WSDL) {
            Element root = document.getDocumentElement();
            if (!WSDL_ROOTS.contains(root.getNamespaceURI() + " " + root.getLocalName())) {
                throw new InvalidContentException("Invalid WSDL: the root element must be wsdl:definitions (WSDL 1.1)"
                        + " or wsdl:description (WSDL 2.0), was " + root.getTagName() + ".");
            }
        }
    }

    @Override
    public String canonical(String content) {
        try {
            Document document = parse(content);
            strip(document.getDocumentElement());
            Transformer transformer = TransformerFactory.newInstance().newTransformer();
            transformer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            StringWriter out = new StringWriter();
            transformer.transform(new DOMSource(document), new StreamResult(out));
            return out.toString();
        } catch (InvalidContentException | TransformerException e) {
            return content;
        }
    }

    /** Removes comments and whitespace-only text, which carry no meaning in schemas. */
    private static void strip(Node node) {
        NodeList children = node.getChildNodes();
        for (int i = children.getLength() - 1; i >= 0; i--) {
            Node child = children.item(i);
            boolean blank = child.getNodeType() == Node.TEXT_NODE
                    && child.getTextContent().isBlank();
            if (blank || child.getNodeType() == Node.COMMENT_NODE) {
                node.removeChild(child);
            } else {
                strip(child);
            }
        }
    }

    private Document parse(String content) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(new DefaultHandler()); // fatal errors throw; nothing is printed
            return builder.parse(new InputSource(new StringReader(content)));
        } catch (SAXException e) {
            throw new InvalidContentException("Invalid " + type + ": " + describe(e), e);
        } catch (ParserConfigurationException | IOException e) {
            throw new IllegalStateException("the JDK's XML parser cannot be configured", e);
        }
    }

    private static void compileSchema(String content) {
        try {
            SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
            factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            factory.newSchema(new StreamSource(new StringReader(content)));
        } catch (SAXException e) {
            throw new InvalidContentException("Invalid XSD: " + describe(e), e);
        }
    }

    private static String describe(SAXException e) {
        if (e instanceof SAXParseException p) {
            return ParserMessages.of(p) + " (line " + p.getLineNumber() + ", column " + p.getColumnNumber() + ")";
        }
        return ParserMessages.of(e);
    }
}
