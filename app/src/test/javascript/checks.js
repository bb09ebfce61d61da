// How the JavaScript client programs report: one line per check, and exit non-zero on the first
// that fails.
function check(what, condition, detail = '') {
  if (!condition) {
    console.log(`FAILED: ${what} ${detail}`);
    process.exit(1);
  }
  console.log(`ok: ${what}`);
}

// Checks that call fails with this HTTP status and registry error code.
async function refused(what, call, status, code) {
  try {
    await call();
  } catch (e) {
    check(what, e.status === status && e.errorCode === code, `(answered ${e.status} ${e.errorCode}: ${e.message})`);
    return;
  }
  check(what, false, '(it was accepted)');
}

module.exports = { check, refused };
