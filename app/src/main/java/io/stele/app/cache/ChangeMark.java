package io.stele.app.cache;

/**
 * The changes this node had been told of for one artifact at one moment: what an answer an API
 * remembers about the artifact was made under, so that the answer is given again only while no
 * change has been reported since ({@link CachingStorage#unchangedSince}). Immutable.
 */
public final class ChangeMark {

    final ChangeStamps.Stamp stamp;
    final long takenAt;

    ChangeMark(ChangeStamps.Stamp stamp, long takenAt) {
        this.stamp = stamp;
        this.takenAt = takenAt;
    }
}
