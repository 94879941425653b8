# Stand-in for mariadb:10.11 (the LTS the test suite runs): Debian 12's MariaDB 10.11 with the
# official image's interface (MARIADB_* variables on first start, /var/lib/mysql, healthcheck.sh).
FROM portal-rehearsal/bookworm:base
RUN apt-get update && apt-get install -y --no-install-recommends mariadb-server mariadb-client && rm -rf /var/lib/apt/lists/* \
 && rm -rf /var/lib/mysql/* && mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld /var/lib/mysql
COPY mariadb-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
COPY mariadb-healthcheck.sh /usr/local/bin/healthcheck.sh
VOLUME /var/lib/mysql
EXPOSE 3306
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["mariadbd"]
