#!/bin/bash
# First start on an empty /var/lib/mysql: the root password, MARIADB_DATABASE and MARIADB_USER
# with MARIADB_PASSWORD, as the official image makes them. Then the server, as user mysql.
set -euo pipefail
mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld /var/lib/mysql
if [ ! -d /var/lib/mysql/mysql ]; then
  : "${MARIADB_ROOT_PASSWORD:?}" "${MARIADB_DATABASE:?}" "${MARIADB_USER:?}" "${MARIADB_PASSWORD:?}"
  mariadb-install-db --user=mysql --datadir=/var/lib/mysql --skip-test-db >/dev/null
  mariadbd --user=mysql --skip-networking --socket=/run/mysqld/init.sock &
  pid=$!
  for _ in $(seq 1 60); do mariadb-admin --socket=/run/mysqld/init.sock ping --silent 2>/dev/null && break; sleep 1; done
  mariadb --socket=/run/mysqld/init.sock <<SQL
ALTER USER 'root'@'localhost' IDENTIFIED BY '${MARIADB_ROOT_PASSWORD}';
CREATE USER 'root'@'%' IDENTIFIED BY '${MARIADB_ROOT_PASSWORD}';
GRANT ALL ON *.* TO 'root'@'%' WITH GRANT OPTION;
CREATE DATABASE IF NOT EXISTS \`${MARIADB_DATABASE}\`;
CREATE USER '${MARIADB_USER}'@'%' IDENTIFIED BY '${MARIADB_PASSWORD}';
GRANT ALL ON \`${MARIADB_DATABASE}\`.* TO '${MARIADB_USER}'@'%';
FLUSH PRIVILEGES;
SQL
  kill "$pid"
  wait "$pid" || true
fi
if [ "${1:-}" = mariadbd ]; then
  shift
  exec mariadbd --user=mysql --bind-address=0.0.0.0 --socket=/run/mysqld/mysqld.sock "$@"
fi
exec "$@"
