"""How the Python client programs report: one line per check, and exit non-zero on the first that fails."""
import sys

from confluent_kafka.schema_registry.error import SchemaRegistryError


def check(what, condition, detail=""):
    if not condition:
        print(f"FAILED: {what} {detail}")
        sys.exit(1)
    print(f"ok: {what}")


def refused(what, call, status, code):
    """Checks that call fails with this HTTP status and registry error code."""
    try:
        call()
    except SchemaRegistryError as e:
        check(what, e.http_status_code == status and e.error_code == code,
              f"(answered {e.http_status_code} {e.error_code}: {e.error_message})")
        return
    check(what, False, "(it was accepted)")
