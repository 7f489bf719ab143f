# Starts a throwaway PostgreSQL cluster for the tests and benchmarks; source it, then call postgres_start.
#
# postgres_start installs PostgreSQL from the system's packages when its server is missing, creates a cluster in
# a temporary directory owned by a non-root user (the system's `postgres` user, or `courier-pg`, created when
# run as root), starts it on a free loopback port with password authentication, and exports:
#   DURABLE_STREAMS_POSTGRES_URL   postgres://postgres:PASSWORD@127.0.0.1:PORT/postgres?sslmode=disable
#   DURABLE_STREAMS_POSTGRES_CTL   a command that runs pg_ctl on the cluster (restart and stop it in fault tests)
#   DURABLE_STREAMS_POSTGRES_CA    a PEM file of the certificate authority that signed the server's certificate
#                                  (for 127.0.0.1 and localhost): the cluster also accepts TLS (sslmode=require,
#                                  verify-full with sslrootcert), when openssl is installed
# postgres_stop stops it and removes the directory; postgres_start registers it to run on exit (chaining an
# EXIT trap already set). A DURABLE_STREAMS_POSTGRES_URL already set is used as it is.

postgres_bin() {
    ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1
}

postgres_start() {
    if [ -n "${DURABLE_STREAMS_POSTGRES_URL:-}" ]; then
        echo "postgres: using DURABLE_STREAMS_POSTGRES_URL from the environment"
        return 0
    fi
    local bin
    bin=$(postgres_bin)
    if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
        echo "postgres: installing PostgreSQL from the system's packages"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
        bin=$(postgres_bin)
    fi
    [ -n "$bin" ] && [ -x "$bin/initdb" ] || { echo "postgres: no initdb after installing" >&2; return 1; }

    local run_as=()
    local user
    user=$(id -un)
    if [ "$(id -u)" = 0 ]; then
        user=postgres
        if ! id -u "$user" >/dev/null 2>&1; then
            user=courier-pg
            id -u "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
        fi
        run_as=(runuser -u "$user" --)
    fi

    POSTGRES_DIR=$(mktemp -d /tmp/courier-postgres.XXXXXX)
    chmod 0700 "$POSTGRES_DIR"
    local password
    password=$(head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 20)
    printf '%s\n' "$password" >"$POSTGRES_DIR/pwfile"
    chmod 0600 "$POSTGRES_DIR/pwfile"
    chown -R "$user" "$POSTGRES_DIR"
    "${run_as[@]}" "$bin/initdb" -D "$POSTGRES_DIR/data" -U postgres --auth=scram-sha-256 \
        --pwfile="$POSTGRES_DIR/pwfile" -E UTF8 --no-instructions >"$POSTGRES_DIR/initdb.log" 2>&1 ||
        { cat "$POSTGRES_DIR/initdb.log" >&2; return 1; }
    rm -f "$POSTGRES_DIR/pwfile"
    local port
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    {
        echo "port = $port"
        echo "listen_addresses = '127.0.0.1'"
        echo "unix_socket_directories = '$POSTGRES_DIR'"
        echo "max_connections = 400"
        # A throwaway cluster: no crash safety needed, tests run faster without it.
        echo "fsync = ${COURIER_POSTGRES_FSYNC:-off}"
        echo "synchronous_commit = ${COURIER_POSTGRES_SYNCHRONOUS_COMMIT:-off}"
        echo "full_page_writes = off"
    } >>"$POSTGRES_DIR/data/postgresql.conf"
    postgres_make_certificates "$user" || echo "postgres: no TLS (openssl failed); TLS cases will fail" >&2
    "${run_as[@]}" "$bin/pg_ctl" -D "$POSTGRES_DIR/data" -l "$POSTGRES_DIR/server.log" -w -t 60 start >/dev/null ||
        { cat "$POSTGRES_DIR/server.log" >&2; return 1; }
    export DURABLE_STREAMS_POSTGRES_URL="postgres://postgres:$password@127.0.0.1:$port/postgres?sslmode=disable"
    export DURABLE_STREAMS_POSTGRES_CTL="${run_as[*]} $bin/pg_ctl -D $POSTGRES_DIR/data -l $POSTGRES_DIR/server.log"
    POSTGRES_STOP_CTL=$DURABLE_STREAMS_POSTGRES_CTL
    if [ -f "$POSTGRES_DIR/tls/ca.pem" ]; then export DURABLE_STREAMS_POSTGRES_CA="$POSTGRES_DIR/tls/ca.pem"; fi
    local previous
    previous=$(trap -p EXIT | sed -E "s/^trap -- '(.*)' EXIT$/\1/")
    # shellcheck disable=SC2064
    trap "postgres_stop; ${previous:-:}" EXIT
    echo "postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (cluster in $POSTGRES_DIR)"
}

# A throwaway certificate authority and a server certificate it signs (for 127.0.0.1 and localhost), turned on in
# the cluster's configuration: plain connections still work, and TLS ones can verify the server against ca.pem.
postgres_make_certificates() {
    local user=$1 dir="$POSTGRES_DIR/tls"
    command -v openssl >/dev/null || return 1
    mkdir -p "$dir"
    (
        cd "$dir" &&
            openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=courier test CA" \
                -keyout ca.key -out ca.pem &&
            openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout server.key -out server.csr &&
            printf 'subjectAltName = IP:127.0.0.1, DNS:localhost\nbasicConstraints = CA:FALSE\n' >server.ext &&
            openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 \
                -extfile server.ext -out server.pem
    ) >"$POSTGRES_DIR/openssl.log" 2>&1 || return 1
    chown -R "$user" "$dir"
    chmod 0600 "$dir/server.key" "$dir/ca.key"
    {
        echo "ssl = on"
        echo "ssl_cert_file = '$dir/server.pem'"
        echo "ssl_key_file = '$dir/server.key'"
    } >>"$POSTGRES_DIR/data/postgresql.conf"
}

postgres_stop() {
    # Only a cluster this shell started (not one named by DURABLE_STREAMS_POSTGRES_URL from outside).
    [ -n "${POSTGRES_DIR:-}" ] && [ -n "${POSTGRES_STOP_CTL:-}" ] || return 0
    $POSTGRES_STOP_CTL -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$POSTGRES_DIR"
    POSTGRES_DIR=
}
