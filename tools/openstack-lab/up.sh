#!/usr/bin/env bash
# Installs (once) and starts a real OpenStack Zed lab from Debian's packages, on 127.0.0.1 only,
# one worker per service. Idempotent: markers under $OSLAB_STATE/done skip finished work and
# daemons that are already running are kept, so a re-run only starts what is missing.
#   up.sh                  every stage
#   up.sh nova seed        only the named stages (their prerequisites must already be up)
# Environment: OSLAB_STATE (default /var/lib/skydeck-oslab), OSLAB_CINDER_BACKEND (auto|lvm|fake),
# OSLAB_ENFORCE_NEW_DEFAULTS (true|false, default true). See README.md in this folder.
set -u -o pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=lib.sh
source "$HERE/lib.sh"

[ "$(id -u)" -eq 0 ] || {
  echo "up.sh must run as root (it installs packages and starts daemons)" >&2
  exit 1
}

NEW_DEFAULTS=${OSLAB_ENFORCE_NEW_DEFAULTS:-true}
CINDER_BACKEND=${OSLAB_CINDER_BACKEND:-auto}
LAB_PY=("$PY" "$HERE/lab.py")

PACKAGES=(
  curl mariadb-server rabbitmq-server memcached uwsgi-plugin-python3 python3-pymysql
  python3-openstackclient python3-osc-placement
  keystone glance-api
  swift swift-proxy swift-account swift-container swift-object
  placement-api
  nova-api nova-conductor nova-scheduler
  neutron-server
  cinder-api cinder-scheduler cinder-volume
  heat-api heat-engine
)
# nova-compute is left out on purpose: that package needs a hypervisor package (libvirt, qemu);
# the fake driver needs only python3-nova, so nova-compute runs from its Python entry point.

# ---------------------------------------------------------------------------------------------
# install

st_install() {
  local missing=() p
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    log "packages already installed"
    return 0
  fi
  log "installing ${#missing[@]} packages: ${missing[*]}"
  # The packages must not start their daemons: there is no systemd, and we run our own command
  # lines bound to loopback. A policy-rc.d that exits 101 makes invoke-rc.d refuse every start.
  local own_policy=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\n# skydeck openstack-lab: no service starts during apt\nexit 101\n' \
      >/usr/sbin/policy-rc.d
    chmod 755 /usr/sbin/policy-rc.d
    own_policy=1
  fi
  # Every Debian OpenStack debconf question that would configure something ("set up the
  # database?", "register the endpoint?") is answered no; the stages below do it themselves.
  local sel="" q
  for p in keystone glance-common glance-api nova-common nova-api placement-common placement-api \
    neutron-common neutron-server cinder-common cinder-api heat-common heat-api swift; do
    for q in configure_db configure_rabbit configure_ksat configure_api-endpoint; do
      sel+="$p $p/$q boolean false"$'\n'
    done
    sel+="$p $p/dbconfig-install boolean false"$'\n'
  done
  sel+="keystone keystone/create-admin-tenant boolean false"$'\n'
  printf '%s' "$sel" | debconf-set-selections 2>/dev/null || true
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  local rc=0
  apt-get install -y -q --no-install-recommends \
    -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold \
    "${missing[@]}" >>"$LOG/apt.log" 2>&1 || rc=$?
  if [ $own_policy -eq 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
  if [ $rc -ne 0 ]; then
    log "apt-get install failed; see $LOG/apt.log"
    tail -n 30 "$LOG/apt.log" >&2
    return 1
  fi
}

# ---------------------------------------------------------------------------------------------
# config fragments shared by the services

# keystonemiddleware: how a service validates the tokens it receives.
authtoken_section() {
  cat <<EOF
[keystone_authtoken]
www_authenticate_uri = http://$HOST_IP:5000
auth_url = http://$HOST_IP:5000
memcached_servers = $HOST_IP:11211
auth_type = password
project_domain_name = Default
user_domain_name = Default
project_name = service
username = $1
password = $SERVICE_PASS
region_name = $REGION
service_token_roles_required = true
EOF
}

# A keystoneauth password section for calls to another service as the service user.
ks_section() {
  cat <<EOF
[$1]
auth_type = password
auth_url = http://$HOST_IP:5000/v3
project_domain_name = Default
user_domain_name = Default
project_name = service
username = $2
password = $SERVICE_PASS
region_name = $REGION
EOF
}

policy_section() {
  cat <<EOF
[oslo_policy]
enforce_new_defaults = ${1:-$NEW_DEFAULTS}
enforce_scope = false
EOF
}

db_url() { echo "mysql+pymysql://oslab:$DB_PASS@$HOST_IP/$1?charset=utf8"; }

# uwsgi for the WSGI-only services. uwsgi's --http-socket closes each connection after one
# answer but does not say so, and keystonemiddleware's pooled sessions then reuse a dead socket
# (random 503 "Unable to validate token"); the explicit Connection: close prevents that.
start_uwsgi() {
  local name=$1 port=$2 script=$3
  shift 3
  start_daemon "$name" uwsgi --plugin python3 --http-socket "$HOST_IP:$port" \
    --wsgi-file "$script" --master --processes 1 --threads 4 --enable-threads \
    --die-on-term --need-app --buffer-size 65535 --add-header 'Connection: close' \
    --procname-prefix-spaced "oslab-$name" "$@"
}

register() {
  done_p "register-$1" && return 0
  "${LAB_PY[@]}" register "$1"
  mark "register-$1"
}

create_db() {
  local db
  for db in "$@"; do
    mysql_root -e "CREATE DATABASE IF NOT EXISTS \`$db\` CHARACTER SET utf8mb4;
      GRANT ALL PRIVILEGES ON \`$db\`.* TO 'oslab'@'127.0.0.1';
      GRANT ALL PRIVILEGES ON \`$db\`.* TO 'oslab'@'localhost';"
  done
}

# ---------------------------------------------------------------------------------------------
# infra: memcached, MariaDB, RabbitMQ

st_infra() {
  start_daemon memcached memcached -u memcache -l "$HOST_IP" -p 11211 -U 0 -m 64

  # MariaDB with its own data directory under the state dir, so --purge can simply remove it
  # and a system MariaDB (if any) is never touched.
  local datadir=$OSLAB_STATE/mysql rundir=$OSLAB_STATE/mysql-run
  mkdir -p "$rundir"
  chown mysql:mysql "$rundir"
  if [ ! -d "$datadir/mysql" ]; then
    log "initialising MariaDB data dir"
    mkdir -p "$datadir"
    chown mysql:mysql "$datadir"
    mariadb-install-db --no-defaults --user=mysql --datadir="$datadir" \
      --auth-root-authentication-method=socket --skip-test-db >>"$LOG/mariadb-install.log" 2>&1
  fi
  start_daemon mariadb mariadbd --no-defaults --user=mysql --datadir="$datadir" \
    --socket="$MYSQL_SOCK" --pid-file="$rundir/mariadbd.pid" \
    --bind-address="$HOST_IP" --port=3306 --skip-name-resolve \
    --innodb-buffer-pool-size=64M --performance-schema=OFF --max-connections=1000 \
    --character-set-server=utf8mb4 --collation-server=utf8mb4_general_ci \
    --log-error="$LOG/mariadb.err"
  wait_port 3306 60 mariadb
  local i
  for ((i = 0; i < 60; i++)); do
    mysql_root -e 'SELECT 1' >/dev/null 2>&1 && break
    sleep 0.5
  done
  if ! done_p mariadb-user; then
    mysql_root -e "CREATE USER IF NOT EXISTS 'oslab'@'127.0.0.1' IDENTIFIED BY '$DB_PASS';
      CREATE USER IF NOT EXISTS 'oslab'@'localhost' IDENTIFIED BY '$DB_PASS';"
    mark mariadb-user
  fi

  # RabbitMQ: Debian's rabbitmq-server wrapper su's into a new session and `epmd -daemon`
  # detaches, so neither would be stopped through the recorded pid. We run epmd in the
  # foreground ourselves and the broker through setpriv, each in a process group we own.
  local rdir=$OSLAB_STATE/rabbitmq
  mkdir -p "$rdir/mnesia" "$LOG/rabbitmq" "$ETC/rabbitmq"
  chown -R rabbitmq:rabbitmq "$rdir" "$LOG/rabbitmq"
  cat >"$ETC/rabbitmq/rabbitmq.conf" <<EOF
listeners.tcp.default = $HOST_IP:5672
loopback_users.guest = true
log.console = true
log.file = false
EOF
  echo '[].' >"$ETC/rabbitmq/enabled_plugins"
  : >"$ETC/rabbitmq/rabbitmq-env.conf"
  RABBIT_ENV=(
    HOME=/var/lib/rabbitmq
    RABBITMQ_CONF_ENV_FILE="$ETC/rabbitmq/rabbitmq-env.conf"
    RABBITMQ_CONFIG_FILE="$ETC/rabbitmq/rabbitmq.conf"
    RABBITMQ_ENABLED_PLUGINS_FILE="$ETC/rabbitmq/enabled_plugins"
    RABBITMQ_MNESIA_BASE="$rdir/mnesia"
    RABBITMQ_LOG_BASE="$LOG/rabbitmq"
    RABBITMQ_NODENAME=rabbit@localhost
    RABBITMQ_NODE_IP_ADDRESS="$HOST_IP"
    RABBITMQ_NODE_PORT=5672
    RABBITMQ_DIST_PORT=25672
    ERL_EPMD_ADDRESS="$HOST_IP"
    ERL_EPMD_PORT=4369
    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS='-kernel inet_dist_use_interface {127,0,0,1}'
    RABBITMQ_CTL_ERL_ARGS='-kernel inet_dist_use_interface {127,0,0,1}'
  )
  start_daemon epmd setpriv --reuid=rabbitmq --regid=rabbitmq --init-groups \
    env "${RABBIT_ENV[@]}" epmd -address "$HOST_IP" -port 4369
  wait_port 4369 20 epmd
  start_daemon rabbitmq setpriv --reuid=rabbitmq --regid=rabbitmq --init-groups \
    env "${RABBIT_ENV[@]}" /usr/lib/rabbitmq/bin/rabbitmq-server
  wait_port 5672 90 rabbitmq
}

# ---------------------------------------------------------------------------------------------
# keystone

st_keystone() {
  local d=$ETC/keystone
  mkdir -p "$d/fernet-keys" "$d/credential-keys"
  create_db keystone
  cat >"$d/keystone.conf" <<EOF
[DEFAULT]
debug = false
[database]
connection = $(db_url keystone)
[token]
provider = fernet
expiration = 3600
[fernet_tokens]
key_repository = $d/fernet-keys
[credential]
key_repository = $d/credential-keys
[cache]
enabled = true
backend = oslo_cache.memcache_pool
memcache_servers = $HOST_IP:11211
$(policy_section)
EOF
  local km=(keystone-manage --config-file "$d/keystone.conf")
  if ! done_p keystone-db; then
    log "keystone db_sync"
    "${km[@]}" db_sync >>"$LOG/keystone-manage.log" 2>&1
    "${km[@]}" fernet_setup --keystone-user root --keystone-group root >>"$LOG/keystone-manage.log" 2>&1
    "${km[@]}" credential_setup --keystone-user root --keystone-group root >>"$LOG/keystone-manage.log" 2>&1
    mark keystone-db
  fi
  if ! done_p keystone-bootstrap; then
    log "keystone bootstrap"
    "${km[@]}" bootstrap --bootstrap-password "$ADMIN_PASS" --bootstrap-username admin \
      --bootstrap-project-name admin --bootstrap-role-name admin \
      --bootstrap-service-name keystone --bootstrap-region-id "$REGION" \
      --bootstrap-admin-url "$AUTH_URL" --bootstrap-internal-url "$AUTH_URL" \
      --bootstrap-public-url "$AUTH_URL" >>"$LOG/keystone-manage.log" 2>&1
    mark keystone-bootstrap
  fi
  start_uwsgi keystone 5000 /usr/bin/keystone-wsgi-public \
    --env "OS_KEYSTONE_CONFIG_DIR=$d" --env OS_KEYSTONE_CONFIG_FILES=keystone.conf
  wait_http "$AUTH_URL" 60 keystone
  if ! done_p keystone-service-project; then
    "${LAB_PY[@]}" service-project
    mark keystone-service-project
  fi
}

# ---------------------------------------------------------------------------------------------
# glance (SQLite is fine for glance, unlike keystone)

st_glance() {
  local d=$ETC/glance s=$OSLAB_STATE/glance
  mkdir -p "$d" "$s/images" "$s/staging" "$s/tasks" "$s/lock"
  cat >"$d/glance-api.conf" <<EOF
[DEFAULT]
bind_host = $HOST_IP
bind_port = 9292
workers = 1
enabled_backends = fs:file
show_image_direct_url = false
# Glance insists that this matches [oslo_policy] enforce_new_defaults.
enforce_secure_rbac = $NEW_DEFAULTS
lock_path = $s/lock
[database]
connection = sqlite:///$s/glance.sqlite
[glance_store]
default_backend = fs
[fs]
filesystem_store_datadir = $s/images
[os_glance_staging_store]
filesystem_store_datadir = $s/staging
[os_glance_tasks_store]
filesystem_store_datadir = $s/tasks
[paste_deploy]
flavor = keystone
config_file = /etc/glance/glance-api-paste.ini
[oslo_concurrency]
lock_path = $s/lock
$(authtoken_section glance)
$(policy_section)
EOF
  if ! done_p glance-db; then
    log "glance db_sync"
    glance-manage --config-file "$d/glance-api.conf" db_sync >>"$LOG/glance-manage.log" 2>&1
    mark glance-db
  fi
  # The standard metadata definitions the package ships, as a real deployment loads them.
  if ! done_p glance-metadefs; then
    log "glance db_load_metadefs"
    glance-manage --config-file "$d/glance-api.conf" db_load_metadefs /etc/glance/metadefs \
      >>"$LOG/glance-manage.log" 2>&1
    mark glance-metadefs
  fi
  register glance
  start_daemon glance-api glance-api --config-file "$d/glance-api.conf"
  wait_http "http://$HOST_IP:9292/" 90 glance-api
}

# ---------------------------------------------------------------------------------------------
# swift: proxy + account/container/object servers, 1-replica rings on a directory

st_swift() {
  local d=$ETC/swift s=$OSLAB_STATE/swift
  mkdir -p "$d" "$s/node/sdb1" "$s/cache"
  local common="bind_ip = $HOST_IP
workers = 1
user = root
swift_dir = $d
devices = $s/node
mount_check = false
log_name"
  cat >"$d/account-server.conf" <<EOF
[DEFAULT]
${common} = account-server
bind_port = 6202
[pipeline:main]
pipeline = healthcheck recon account-server
[app:account-server]
use = egg:swift#account
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:recon]
use = egg:swift#recon
recon_cache_path = $s/cache
EOF
  cat >"$d/container-server.conf" <<EOF
[DEFAULT]
${common} = container-server
bind_port = 6201
[pipeline:main]
pipeline = healthcheck recon container-server
[app:container-server]
use = egg:swift#container
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:recon]
use = egg:swift#recon
recon_cache_path = $s/cache
EOF
  cat >"$d/object-server.conf" <<EOF
[DEFAULT]
${common} = object-server
bind_port = 6200
[pipeline:main]
pipeline = healthcheck recon object-server
[app:object-server]
use = egg:swift#object
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:recon]
use = egg:swift#recon
recon_cache_path = $s/cache
EOF
  cat >"$d/proxy-server.conf" <<EOF
[DEFAULT]
bind_ip = $HOST_IP
bind_port = 8080
workers = 1
user = root
swift_dir = $d
log_name = proxy-server
[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats bulk tempurl formpost authtoken keystoneauth copy container-quotas account-quotas slo dlo versioned_writes symlink proxy-logging proxy-server
[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
allow_account_management = true
[filter:authtoken]
paste.filter_factory = keystonemiddleware.auth_token:filter_factory
delay_auth_decision = true
$(authtoken_section swift | tail -n +2)
[filter:keystoneauth]
use = egg:swift#keystoneauth
operator_roles = admin, member, swiftoperator
reseller_admin_role = ResellerAdmin
[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:cache]
use = egg:swift#memcache
memcache_servers = $HOST_IP:11211
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:bulk]
use = egg:swift#bulk
[filter:tempurl]
use = egg:swift#tempurl
[filter:formpost]
use = egg:swift#formpost
[filter:copy]
use = egg:swift#copy
[filter:container-quotas]
use = egg:swift#container_quotas
[filter:account-quotas]
use = egg:swift#account_quotas
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
[filter:versioned_writes]
use = egg:swift#versioned_writes
allow_versioned_writes = true
[filter:symlink]
use = egg:swift#symlink
EOF
  if ! done_p swift-rings; then
    log "building swift rings"
    local ring port
    for ring in account:6202 container:6201 object:6200; do
      port=${ring#*:}
      ring=${ring%%:*}
      rm -f "$d/$ring.builder" "$d/$ring.ring.gz"
      swift-ring-builder "$d/$ring.builder" create 10 1 1 >/dev/null
      swift-ring-builder "$d/$ring.builder" add "r1z1-$HOST_IP:$port/sdb1" 100 >/dev/null
      swift-ring-builder "$d/$ring.builder" rebalance >/dev/null || true
      [ -s "$d/$ring.ring.gz" ]
    done
    mark swift-rings
  fi
  register swift
  local srv
  for srv in account container object; do
    start_daemon "swift-$srv" "swift-$srv-server" "$d/$srv-server.conf" --verbose
  done
  start_daemon swift-proxy swift-proxy-server "$d/proxy-server.conf" --verbose
  wait_port 6202 60 swift-account
  wait_port 6201 60 swift-container
  wait_port 6200 60 swift-object
  wait_http "http://$HOST_IP:8080/healthcheck" 60 swift-proxy
}

# ---------------------------------------------------------------------------------------------
# placement

st_placement() {
  local d=$ETC/placement
  mkdir -p "$d"
  create_db placement
  cat >"$d/placement.conf" <<EOF
[DEFAULT]
debug = false
[api]
auth_strategy = keystone
[placement_database]
connection = $(db_url placement)
$(authtoken_section placement)
# Zed's placement grants its new defaults to system-scoped tokens only, and nova's service user
# holds a project-scoped admin token; the legacy rule (admin role) is what works here.
$(policy_section false)
EOF
  if ! done_p placement-db; then
    log "placement db sync"
    placement-manage --config-file "$d/placement.conf" db sync >>"$LOG/placement-manage.log" 2>&1
    mark placement-db
  fi
  register placement
  start_uwsgi placement-api 8778 /usr/bin/placement-api --env "OS_PLACEMENT_CONFIG_DIR=$d"
  wait_http "http://$HOST_IP:8778/" 60 placement-api
}

# ---------------------------------------------------------------------------------------------
# nova: api, conductor, scheduler, compute with the fake driver (host "oslab")

st_nova() {
  local d=$ETC/nova s=$OSLAB_STATE/nova
  mkdir -p "$d" "$s/instances" "$s/lock"
  create_db nova_api nova nova_cell0
  cat >"$d/nova.conf" <<EOF
[DEFAULT]
debug = false
host = oslab
my_ip = $HOST_IP
state_path = $s
instances_path = $s/instances
transport_url = $RABBIT_URL
enabled_apis = osapi_compute
osapi_compute_listen = $HOST_IP
osapi_compute_listen_port = 8774
osapi_compute_workers = 1
compute_driver = fake.FakeDriver
# One compute host: resize and cold migration can only go to the host the server is on.
allow_resize_to_same_host = true
rootwrap_config = /etc/nova/rootwrap.conf
[api]
auth_strategy = keystone
[wsgi]
api_paste_config = /etc/nova/api-paste.ini
[api_database]
connection = $(db_url nova_api)
[database]
connection = $(db_url nova)
[conductor]
workers = 1
[scheduler]
workers = 1
discover_hosts_in_cells_interval = 60
[oslo_concurrency]
lock_path = $s/lock
# Consoles are handed out (the fake driver names a console of its own); no proxy runs, so the
# URL is only ever read, never opened.
[vnc]
enabled = true
novncproxy_base_url = http://$HOST_IP:6080/vnc_auto.html
[oslo_messaging_notifications]
driver = noop
$(authtoken_section nova)
$(ks_section service_user nova)
send_service_user_token = true
$(ks_section placement placement)
$(ks_section neutron neutron)
$(ks_section cinder nova)
os_region_name = $REGION
[glance]
region_name = $REGION
$(policy_section)
EOF
  local nm=(nova-manage --config-file "$d/nova.conf")
  if ! done_p nova-db; then
    log "nova db sync (api, cell0, cell1)"
    "${nm[@]}" api_db sync >>"$LOG/nova-manage.log" 2>&1
    "${nm[@]}" cell_v2 map_cell0 --database_connection "$(db_url nova_cell0)" >>"$LOG/nova-manage.log" 2>&1
    if ! "${nm[@]}" cell_v2 list_cells 2>/dev/null | grep -q ' cell1 '; then
      "${nm[@]}" cell_v2 create_cell --name cell1 --verbose >>"$LOG/nova-manage.log" 2>&1
    fi
    "${nm[@]}" db sync >>"$LOG/nova-manage.log" 2>&1
    mark nova-db
  fi
  register nova
  # The nova-compute package would pull a hypervisor in; the entry point is all we need.
  cat >"$BIN/nova-compute" <<'EOF'
#!/usr/bin/python3
import sys

from nova.cmd.compute import main

sys.exit(main())
EOF
  chmod 755 "$BIN/nova-compute"
  start_daemon nova-api nova-api --config-file "$d/nova.conf"
  start_daemon nova-conductor nova-conductor --config-file "$d/nova.conf"
  start_daemon nova-scheduler nova-scheduler --config-file "$d/nova.conf"
  start_daemon nova-compute "$BIN/nova-compute" --config-file "$d/nova.conf"
  wait_http "http://$HOST_IP:8774/" 120 nova-api
  if ! done_p nova-discover; then
    # The compute service must have registered itself before its host can be mapped to cell1.
    local i
    for ((i = 0; i < 60; i++)); do
      "${nm[@]}" cell_v2 discover_hosts >>"$LOG/nova-manage.log" 2>&1 || true
      if "${nm[@]}" cell_v2 list_hosts 2>/dev/null | grep -q ' oslab '; then
        mark nova-discover
        break
      fi
      sleep 3
    done
    done_p nova-discover || {
      log "nova-compute host oslab was not mapped to cell1"
      return 1
    }
  fi
}

# ---------------------------------------------------------------------------------------------
# neutron: server only (ML2, no agents); a tiny mechanism driver binds every port

install_mech_driver() {
  local site=/usr/local/lib/python3.11/dist-packages
  mkdir -p "$site/skydeck_oslab_mech-1.0.dist-info"
  install -m 644 "$HERE/oslab_mech.py" "$site/skydeck_oslab_mech.py"
  printf 'Metadata-Version: 2.1\nName: skydeck-oslab-mech\nVersion: 1.0\n' \
    >"$site/skydeck_oslab_mech-1.0.dist-info/METADATA"
  printf '[neutron.ml2.mechanism_drivers]\noslab = skydeck_oslab_mech:BindEverythingDriver\n' \
    >"$site/skydeck_oslab_mech-1.0.dist-info/entry_points.txt"
  : >"$site/skydeck_oslab_mech-1.0.dist-info/RECORD"
}

st_neutron() {
  local d=$ETC/neutron s=$OSLAB_STATE/neutron
  mkdir -p "$d" "$s/lock"
  create_db neutron
  install_mech_driver
  cat >"$d/neutron.conf" <<EOF
[DEFAULT]
debug = false
bind_host = $HOST_IP
bind_port = 9696
core_plugin = ml2
service_plugins = router,qos,trunk
allow_overlapping_ips = true
auth_strategy = keystone
transport_url = $RABBIT_URL
api_workers = 1
rpc_workers = 1
rpc_state_report_workers = 1
state_path = $s
api_paste_config = /etc/neutron/api-paste.ini
notify_nova_on_port_status_changes = true
notify_nova_on_port_data_changes = true
[database]
connection = $(db_url neutron)
[oslo_concurrency]
lock_path = $s/lock
[agent]
root_helper = sudo /usr/bin/neutron-rootwrap /etc/neutron/rootwrap.conf
$(authtoken_section neutron)
$(ks_section nova nova)
$(policy_section)
EOF
  cat >"$d/ml2_conf.ini" <<EOF
[ml2]
type_drivers = flat,vlan,vxlan
tenant_network_types = vxlan
mechanism_drivers = oslab
extension_drivers = port_security,qos
[ml2_type_flat]
flat_networks = *
[ml2_type_vlan]
network_vlan_ranges = physnet1:100:199
[ml2_type_vxlan]
vni_ranges = 1:1000
EOF
  if ! done_p neutron-db; then
    log "neutron db upgrade"
    neutron-db-manage --config-file "$d/neutron.conf" --config-file "$d/ml2_conf.ini" \
      upgrade head >>"$LOG/neutron-db-manage.log" 2>&1
    mark neutron-db
  fi
  register neutron
  start_daemon neutron-server neutron-server --config-file "$d/neutron.conf" \
    --config-file "$d/ml2_conf.ini"
  wait_http "http://$HOST_IP:9696/" 120 neutron-server
}

# ---------------------------------------------------------------------------------------------
# cinder: api, scheduler, volume (LVM on a loop file when device-mapper works, else a fake)

st_cinder() {
  local d=$ETC/cinder s=$OSLAB_STATE/cinder backend=$CINDER_BACKEND
  mkdir -p "$d" "$s/lock"
  create_db cinder
  if [ "$backend" = auto ]; then
    # This kind of VM has no device-mapper, so lvcreate cannot work there.
    if dmsetup targets >/dev/null 2>&1; then backend=lvm; else backend=fake; fi
  fi
  local backend_section
  if [ "$backend" = lvm ]; then
    setup_lvm "$s"
    backend_section="[lvm]
volume_driver = cinder.volume.drivers.lvm.LVMVolumeDriver
volume_group = oslab-volumes
volume_backend_name = lvm
target_helper = fake"
  else
    backend_section="[fake]
volume_driver = cinder.tests.fake_driver.FakeLoggingVolumeDriver
volume_backend_name = fake"
  fi
  echo "$backend" >"$s/backend"
  cat >"$d/cinder.conf" <<EOF
[DEFAULT]
debug = false
host = oslab
my_ip = $HOST_IP
state_path = $s
transport_url = $RABBIT_URL
auth_strategy = keystone
osapi_volume_listen = $HOST_IP
osapi_volume_listen_port = 8776
osapi_volume_workers = 1
api_paste_config = /etc/cinder/api-paste.ini
enabled_backends = $backend
default_volume_type = standard
rootwrap_config = /etc/cinder/rootwrap.conf
[database]
connection = $(db_url cinder)
[oslo_concurrency]
lock_path = $s/lock
$(authtoken_section cinder)
$(ks_section nova nova)
$(policy_section)
$backend_section
EOF
  if ! done_p cinder-db; then
    log "cinder db sync"
    cinder-manage --config-file "$d/cinder.conf" db sync >>"$LOG/cinder-manage.log" 2>&1
    mark cinder-db
  fi
  # Cinder's usage counters drift in a lab that lives across runs: a volume adopted by manage
  # and released by unmanage stays counted, and the admin project reached its quota of 10 with no
  # volume left (then every create or transfer there is refused). Recounted from the volumes at
  # each start; `cinder-manage quota sync` fails on Debian's SQLAlchemy.
  mysql_root -e "UPDATE cinder.quota_usages u SET u.in_use = (SELECT COUNT(*) FROM cinder.volumes v
      WHERE v.project_id = u.project_id AND v.deleted = 0) WHERE u.resource = 'volumes' AND u.deleted = 0;
    UPDATE cinder.quota_usages u SET u.in_use = (SELECT COUNT(*) FROM cinder.volumes v
      JOIN cinder.volume_types t ON t.id = v.volume_type_id WHERE v.project_id = u.project_id
      AND v.deleted = 0 AND u.resource = CONCAT('volumes_', t.name))
      WHERE u.resource LIKE 'volumes\\_%' AND u.deleted = 0;" >>"$LOG/cinder-manage.log" 2>&1 ||
    log "cinder usage recount failed (see cinder-manage.log)"
  register cinder
  start_daemon cinder-api cinder-api --config-file "$d/cinder.conf"
  start_daemon cinder-scheduler cinder-scheduler --config-file "$d/cinder.conf"
  start_daemon cinder-volume cinder-volume --config-file "$d/cinder.conf"
  wait_http "http://$HOST_IP:8776/" 120 cinder-api
}

setup_lvm() {
  local s=$1 img=$1/volumes.img loopdev
  vgs oslab-volumes >/dev/null 2>&1 && return 0
  [ -f "$img" ] || truncate -s "${OSLAB_CINDER_SIZE:-20G}" "$img"
  loopdev=$(losetup -j "$img" | cut -d: -f1)
  [ -n "$loopdev" ] || loopdev=$(losetup -f --show "$img")
  echo "$loopdev" >"$s/loopdev"
  pvcreate -ff -y "$loopdev" >/dev/null
  vgcreate oslab-volumes "$loopdev" >/dev/null
}

# ---------------------------------------------------------------------------------------------
# heat: api + engine

st_heat() {
  local d=$ETC/heat s=$OSLAB_STATE/heat
  mkdir -p "$d" "$s/lock"
  create_db heat
  cat >"$d/heat.conf" <<EOF
[DEFAULT]
debug = false
host = oslab
transport_url = $RABBIT_URL
num_engine_workers = 1
heat_metadata_server_url = http://$HOST_IP:8000
heat_waitcondition_server_url = http://$HOST_IP:8000/v1/waitcondition
region_name_for_services = $REGION
[heat_api]
bind_host = $HOST_IP
bind_port = 8004
workers = 1
[paste_deploy]
api_paste_config = /etc/heat/api-paste.ini
[database]
connection = $(db_url heat)
[oslo_concurrency]
lock_path = $s/lock
[clients_keystone]
auth_uri = http://$HOST_IP:5000
[trustee]
auth_type = password
auth_url = http://$HOST_IP:5000/v3
username = heat
password = $SERVICE_PASS
user_domain_name = Default
$(authtoken_section heat)
$(policy_section)
EOF
  if ! done_p heat-db; then
    log "heat db_sync"
    heat-manage --config-file "$d/heat.conf" db_sync >>"$LOG/heat-manage.log" 2>&1
    mark heat-db
  fi
  register heat
  start_daemon heat-api heat-api --config-file "$d/heat.conf"
  start_daemon heat-engine heat-engine --config-file "$d/heat.conf"
  wait_http "http://$HOST_IP:8004/" 90 heat-api
}

# ---------------------------------------------------------------------------------------------
# seed: the demo cloud's users, projects, flavors and a tiny image, so one test suite runs on both

st_seed() {
  done_p seed && return 0
  "${LAB_PY[@]}" seed
  mark seed
}

# ---------------------------------------------------------------------------------------------
# ready: every run, since a restarted nova-compute is not scheduled to until it reports in again

st_ready() {
  "${LAB_PY[@]}" wait-compute
}

STAGES_DEFAULT=(install infra keystone glance swift placement nova neutron cinder heat seed ready)

main() {
  ensure_dirs
  local stages=("$@") s t0 t1 total0 rc failed=""
  [ ${#stages[@]} -eq 0 ] && stages=("${STAGES_DEFAULT[@]}")
  total0=$(date +%s)
  for s in "${stages[@]}"; do
    if ! declare -F "st_$s" >/dev/null; then
      log "unknown stage $s (stages: ${STAGES_DEFAULT[*]})"
      exit 2
    fi
    t0=$(date +%s)
    # A plain command, not an `if` condition: bash ignores `set -e` inside functions called
    # from a condition, and then a failing step would not fail its stage.
    (
      set -e
      "st_$s"
    )
    rc=$?
    t1=$(date +%s)
    echo "$(date -u +%FT%TZ) $s rc=$rc $((t1 - t0))s" >>"$LOG/timings"
    if [ $rc -ne 0 ]; then
      log "stage $s FAILED after $((t1 - t0))s (logs in $LOG)"
      failed=$s
      # Every later stage needs the earlier ones.
      break
    fi
    log "stage $s ok ($((t1 - t0))s)"
  done
  log "total $(($(date +%s) - total0))s"
  if [ -n "$failed" ]; then
    exit 1
  fi
  if [ $# -eq 0 ]; then
    log "lab is up: OS_AUTH_URL=$AUTH_URL (admin/admin on project admin); $HERE/status.sh"
  fi
}

main "$@"
