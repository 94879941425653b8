#!/bin/bash
# The official image's `healthcheck.sh --connect --innodb_initialized`: the server answers and
# InnoDB has started.
set -eu
mariadb --socket=/run/mysqld/mysqld.sock -uroot -p"${MARIADB_ROOT_PASSWORD}" -N -e \
  "SELECT 1 FROM information_schema.ENGINES WHERE ENGINE='InnoDB' AND SUPPORT IN ('YES','DEFAULT')" | grep -q 1
