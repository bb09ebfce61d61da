package io.stele.app.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.vertx.core.buffer.Buffer;
import java.util.function.Supplier;

/**
 * Answers an API encodes once from what never changes and keeps, each within its share of {@code
 * stele.cache.max-memory} ({@link CacheBudget}): the answer about a content by its id, the answer
 * about a version by its globalId, and what a question asked before found: a version's or a
 * content's id, or a whole answer ({@link Kept}). Part of the read cache ({@link
 * CachingStorage#encoded()}), so that every answer kept from memory counts against one budget.
 *
 * <p>A content's bytes and a version's number, ids and content never change once written, so
 * encoded answers are evicted for size and never invalidated; a remembered question's version is
 * only a hint, which its caller checks on each use, and its content, which never changes, is the
 * answer for good. A kept answer says what it was made under, which its caller checks on each use
 * ({@link ChangeMark}). Thread-safe; never blocks, so it may be used on an event loop.
 */
public final class EncodedAnswers {

    /** Bytes an entry costs on the heap beyond its answer: the cache's node, the key and the buffer. */
    static final int ANSWER_OVERHEAD = 64;

    /**
     * A question whose answer is an id: a version's globalId, or a content's id, as the question's
     * type says. A key, so equal questions are equal objects.
     */
    public interface Question {

        /** The bytes this question holds, about, with the cache's entry around it. */
        int weight();
    }

    private final Cache<Long, Buffer> byContentId;
    private final Cache<Long, Buffer> byGlobalId;
    /**
     * An answer to a question other than an id, kept whole: it says what it weighs beside the
     * question. Immutable.
     */
    public interface Kept {

        /** The bytes this answer holds, about. */
        int weight();
    }

    private final Cache<Question, Long> questions;
    private final Cache<Question, Kept> remembered;

    EncodedAnswers(CacheBudget budget) {
        this.byContentId = answers(budget.answersByContentId());
        this.byGlobalId = answers(budget.answersByGlobalId());
        this.questions = Caffeine.newBuilder()
                .maximumWeight(budget.questions())
                .weigher((Question question, Long id) -> question.weight())
                .build();
        this.remembered = Caffeine.newBuilder()
                .maximumWeight(budget.remembered())
                .weigher((Question question, Kept answer) -> question.weight() + answer.weight())
                .build();
    }

    private static Cache<Long, Buffer> answers(long maxBytes) {
        return Caffeine.newBuilder()
                .maximumWeight(maxBytes)
                .weigher((Long id, Buffer answer) -> ANSWER_OVERHEAD + answer.length())
                .build();
    }

    /** The answer kept about this content, or null. Never modify it. */
    public Buffer byContentId(long contentId) {
        return byContentId.getIfPresent(contentId);
    }

    /** The answer kept about this content, else {@code encode}'s, which is kept. Never modify it. */
    public Buffer byContentId(long contentId, Supplier<Buffer> encode) {
        return kept(byContentId, contentId, encode);
    }

    /** The answer kept about this version, else {@code encode}'s, which is kept. Never modify it. */
    public Buffer byGlobalId(long globalId, Supplier<Buffer> encode) {
        return kept(byGlobalId, globalId, encode);
    }

    private static Buffer kept(Cache<Long, Buffer> cache, long id, Supplier<Buffer> encode) {
        Buffer cached = cache.getIfPresent(id);
        if (cached != null) {
            return cached;
        }
        Buffer answer = encode.get();
        cache.put(id, answer);
        return answer;
    }

    /** The id this question found before, or null. */
    public Long found(Question question) {
        return questions.getIfPresent(question);
    }

    /** The answer of this type kept for this question, or null. */
    public <A extends Kept> A kept(Question question, Class<A> type) {
        Kept answer = remembered.getIfPresent(question);
        return type.isInstance(answer) ? type.cast(answer) : null;
    }

    /** Keeps a question's answer. */
    public void keep(Question question, Kept answer) {
        remembered.put(question, answer);
    }

    /** Keeps the id a question found. */
    public void remember(Question question, long id) {
        questions.put(question, id);
    }

    /** Forgets a question, which a caller keeps in another form instead. */
    public void forget(Question question) {
        questions.invalidate(question);
    }

    /** What the answers kept by content id weigh, in bytes, once pending evictions are done. */
    long heldByContentId() {
        return weight(byContentId);
    }

    /** What the answers kept by globalId weigh, in bytes, once pending evictions are done. */
    long heldByGlobalId() {
        return weight(byGlobalId);
    }

    /** What the questions kept weigh, in bytes, once pending evictions are done. */
    long heldQuestions() {
        return weight(questions);
    }

    /** What the requests remembered with their answers weigh, in bytes, once pending evictions are done. */
    long heldRemembered() {
        return weight(remembered);
    }

    /** What a cache bounded by weight holds, once pending evictions are done. */
    static long weight(Cache<?, ?> cache) {
        cache.cleanUp();
        return cache.policy().eviction().orElseThrow().weightedSize().orElseThrow();
    }
}
