# HAProxy, the load balancer of a deployment on several processes (deploy/haproxy.cfg.in):
# installed from the system's packages when missing, and its configuration rendered.

ensure_haproxy() {
  command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] && return 0
  echo "HAProxy no está instalado: se instala con apt-get" >&2
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  # Installed to run under our own processes only: the package's service is not started.
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
}

# haproxy_config PORT ADDRESS... : the configuration for the processes at ADDRESS (host:port).
haproxy_config() {
  local port="$1"
  shift
  local servers="" n=1
  for address in "$@"; do
    servers+="    server optica$n $address check"$'\n'
    n=$((n + 1))
  done
  local template
  template="$(cat deploy/haproxy.cfg.in)"
  template="${template//@PORT@/$port}"
  printf '%s\n' "${template//@SERVERS@/$servers}"
}
