# Sourced by scripts/run and scripts/test: the web app's toolchain and the browser of its tests.
# Node.js and npm come from the system (installed with apt-get when missing); npm packages from
# the lock file; Chromium from the system's packages (test tools' own browser downloads do not
# work on closed networks, and the system browser is what playwright-core drives).

# Runs apt-get as root (directly, or through sudo).
webapp_apt_install() {
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: no se encontró apt-get; instale $* a mano" >&2
    return 1
  fi
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

ensure_node() {
  command -v npm >/dev/null 2>&1 || webapp_apt_install nodejs npm
}

# Installs the web app's packages when the lock file changed since the last install.
ensure_webapp_deps() {
  ensure_node
  local stamp=webapp/node_modules/.optica-lock
  if [ ! -f "$stamp" ] || ! cmp -s webapp/package-lock.json "$stamp"; then
    # `npm install --no-save` rather than `npm ci`: it installs the locked versions just the same,
    # but tolerates a lock file without other platforms' optional packages (rollup's native
    # builds), which npm leaves out on some machines and `npm ci` then refuses.
    (cd webapp && npm install --no-save --no-audit --no-fund --loglevel=error)
    cp webapp/package-lock.json "$stamp"
  fi
}

# Builds webapp/dist when a source file is newer than the last build.
build_webapp() {
  ensure_webapp_deps
  if [ ! -f webapp/dist/index.html ] || [ -n "$(find webapp/src webapp/public webapp/index.html webapp/vite.config.ts \
      webapp/package-lock.json -newer webapp/dist/index.html -print -quit)" ]; then
    (cd webapp && npm run --silent build)
  fi
}

# The Chromium the browser tests drive; exported as CHROMIUM_PATH.
ensure_chromium() {
  CHROMIUM_PATH="${CHROMIUM_PATH:-$(command -v chromium || command -v chromium-browser || true)}"
  if [ -z "$CHROMIUM_PATH" ]; then
    echo "Chromium no está instalado: se instala con apt-get" >&2
    webapp_apt_install chromium
    CHROMIUM_PATH="$(command -v chromium)"
  fi
  export CHROMIUM_PATH
}

# poppler's pdftotext: the report tests read the PDFs' text with it, independently of the
# library that wrote them.
ensure_pdftotext() {
  command -v pdftotext >/dev/null 2>&1 || webapp_apt_install poppler-utils
}
