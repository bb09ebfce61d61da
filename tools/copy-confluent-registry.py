#!/usr/bin/env python3
"""Copies every subject of a Confluent Schema Registry (or Karapace, or any registry that serves
Confluent's REST API) into Stele, keeping each schema's id and each version's number, so that the
messages already in Kafka, which carry those ids, stay readable.

    python3 copy-confluent-registry.py SOURCE_URL TARGET_URL

SOURCE_URL is the registry to copy from; TARGET_URL is Stele's root (or its /apis/ccompat/v7). The
target must hold no subjects: the script sets its mode to IMPORT, copies, soft-deletes what was
soft-deleted at the source, copies the compatibility levels, and sets the mode back to READWRITE.
A version with schema references is copied after the versions it references.
Run it while nobody registers at the source. It uses Python's standard library alone, and stops at
the first refusal with the target's answer. Running it again after a stop goes on where it stopped:
a version copied already is answered with its id.
"""
import json
import sys
import urllib.error
import urllib.parse
import urllib.request

TYPE = "application/vnd.schemaregistry.v1+json"


def call(method, url, body=None, missing=...):
    """The JSON answer; for a 404, `missing` when it is given, else the run stops."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": TYPE, "Accept": TYPE})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as e:
        if e.code == 404 and missing is not ...:
            return missing
        raise SystemExit(f"{method} {url} answered {e.code}: {e.read().decode('utf-8', 'replace')}")


def quote(subject):
    return urllib.parse.quote(subject, safe="")


def main(source, target):
    source, target = source.rstrip("/"), target.rstrip("/")
    call("PUT", f"{target}/mode", {"mode": "IMPORT"})
    subjects = call("GET", f"{source}/subjects?deleted=true")
    pending, soft_deleted = [], []
    for subject in subjects:
        at_source = f"{source}/subjects/{quote(subject)}"
        shown = call("GET", f"{at_source}/versions", missing=[])  # 40401 when all are soft-deleted
        for number in call("GET", f"{at_source}/versions?deleted=true"):
            pending.append(call("GET", f"{at_source}/versions/{number}?deleted=true"))
            if number not in shown:
                soft_deleted.append((subject, number))
    # A version that references others is copied after them, as the target checks that they exist.
    copied = set()
    while pending:
        ready = [v for v in pending
                 if all((r["subject"], r["version"]) in copied for r in v.get("references") or [])]
        if not ready:
            stuck = ", ".join(f"{v['subject']} version {v['version']}" for v in pending)
            raise SystemExit(f"These versions reference versions the source does not have: {stuck}.")
        for version in ready:
            body = {"schema": version["schema"], "schemaType": version.get("schemaType", "AVRO"),
                    "references": version.get("references") or [],
                    "id": version["id"], "version": version["version"]}
            answer = call("POST", f"{target}/subjects/{quote(version['subject'])}/versions", body)
            if answer["id"] != version["id"]:
                raise SystemExit(f"{version['subject']} version {version['version']} got id {answer['id']}, "
                                 f"not {version['id']}.")
            copied.add((version["subject"], version["version"]))
        pending = [v for v in pending if (v["subject"], v["version"]) not in copied]
    for subject, number in soft_deleted:
        call("DELETE", f"{target}/subjects/{quote(subject)}/versions/{number}", missing=None)
    for subject in subjects:
        own = call("GET", f"{source}/config/{quote(subject)}", missing={}).get("compatibilityLevel")
        if own:
            call("PUT", f"{target}/config/{quote(subject)}", {"compatibility": own})
    call("PUT", f"{target}/config", {"compatibility": call("GET", f"{source}/config")["compatibilityLevel"]})
    call("PUT", f"{target}/mode", {"mode": "READWRITE"})
    print(f"copied {len(copied)} versions; the target is in READWRITE mode")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
