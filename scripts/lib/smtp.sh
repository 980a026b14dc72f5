# A real SMTP server for the mail tests (issue 24): Python's aiosmtpd from PyPI, in a virtual
# environment of its own under .smtp-sink/ (nothing installed for the system's Python). The
# tests start it on a free port and read what it received from a maildir.
# Exports OPTICA_SMTP_SINK_PYTHON, the interpreter that has it.

ensure_smtp_sink() {
  local venv="$PWD/.smtp-sink"
  if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import aiosmtpd' 2>/dev/null; then
    echo "Se instala aiosmtpd (servidor SMTP de las pruebas) en $venv" >&2
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check 'aiosmtpd==1.4.6'
  fi
  export OPTICA_SMTP_SINK_PYTHON="$venv/bin/python"
}
