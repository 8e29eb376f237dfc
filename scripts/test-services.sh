#!/usr/bin/env bash
# Makes sure PostgreSQL (127.0.0.1:5432, trust for local connections, database `test`) and RabbitMQ
# (127.0.0.1:5672) run on this test machine, and that HAProxy (the cluster's load balancer, started by
# scripts/cluster.ts) is installed: installs them from Debian's packages when missing, starts the two services
# when stopped. Idempotent; exits non-zero when one cannot be had.
set -uo pipefail

need_install=()
command -v pg_ctlcluster >/dev/null 2>&1 || need_install+=(postgresql)
command -v rabbitmq-server >/dev/null 2>&1 || need_install+=(rabbitmq-server)
{ command -v haproxy || [ -x /usr/sbin/haproxy ]; } >/dev/null 2>&1 || need_install+=(haproxy)
if [ ${#need_install[@]} -gt 0 ]; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_install[@]}" >/dev/null) || exit 1
fi

status=0
if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  cluster=$(pg_lsclusters -h | awk 'NR==1 {print $1" "$2}')
  if [ -z "$cluster" ]; then
    version=$(ls /usr/lib/postgresql | sort -V | tail -1)
    pg_createcluster "$version" main >/dev/null && cluster="$version main"
  fi
  read -r version name <<<"$cluster"
  hba="/etc/postgresql/$version/$name/pg_hba.conf"
  # Throw-away test server: trust local connections, as the project's machines do.
  if ! grep -q '^host all all 127.0.0.1/32 trust' "$hba"; then
    { echo 'local all all trust'; echo 'host all all 127.0.0.1/32 trust'; echo 'host all all ::1/128 trust'; cat "$hba"; } >"$hba.new" && mv "$hba.new" "$hba"
  fi
  pg_ctlcluster "$version" "$name" start || status=1
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  pg_isready -q -h 127.0.0.1 -p 5432 || status=1
fi
if pg_isready -q -h 127.0.0.1 -p 5432; then
  psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'test'" | grep -q 1 \
    || psql -h 127.0.0.1 -U postgres -qc 'CREATE DATABASE test' || status=1
fi

if ! (exec 3<>/dev/tcp/127.0.0.1/5672) 2>/dev/null; then
  # RabbitMQ takes its socket limit from the open-file limit at start (1024 gives 832 sockets): raise it to the hard
  # limit so that the fan-out benchmark's 1,000 web-stomp listeners fit.
  (ulimit -n "$(ulimit -Hn)" 2>/dev/null; rabbitmq-server -detached >/dev/null 2>&1 || service rabbitmq-server start >/dev/null 2>&1) || status=1
  for _ in $(seq 1 60); do (exec 3<>/dev/tcp/127.0.0.1/5672) 2>/dev/null && break; sleep 1; done
  (exec 3<>/dev/tcp/127.0.0.1/5672) 2>/dev/null || status=1
fi
exit $status
