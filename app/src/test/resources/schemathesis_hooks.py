"""Schemathesis hooks for OpenApiFuzzIT (SCHEMATHESIS_HOOKS=schemathesis_hooks).

Schemathesis has no generator for application/zip, the body of Apicurio's import
(POST /apis/registry/v3/admin/import and v2). This one sends bytes that are no zip,
zips of random entries, and a zip holding only a manifest: an export of nothing.
"""

import io
import zipfile

import schemathesis
from hypothesis import strategies as st


def _zip(entries):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in entries:
            archive.writestr(name, data)
    return buffer.getvalue()


_NAMES = st.text(alphabet="abcdefghijklmnopqrstuvwxyz./-0123456789", min_size=1, max_size=40)

_ZIPS = st.one_of(
    st.binary(max_size=256),
    st.lists(st.tuples(_NAMES, st.binary(max_size=64)), max_size=4).map(_zip),
    st.just(_zip([("manifest.Manifest.json", b'{"exportVersion":"3.0"}')])),
)

schemathesis.openapi.media_type("application/zip", _ZIPS)
