#!/usr/bin/env bash
# Builds platform-test/postgres:15-debian, a stand-in for the official `postgres` image, from Debian's
# packages alone (debootstrap + docker import), for machines whose Docker engine reaches no image
# registry. It takes the official image's environment (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB,
# PGDATA, PGPORT) and its command (`postgres -c …`), so @testcontainers/postgresql runs it unchanged.
#
#   sudo tools/containers/postgres-image/build.sh            # needs root, debootstrap and a Docker engine
#   TEST_POSTGRES_IMAGE=platform-test/postgres:15-debian TEST_INFRA=containers TEST_KAFKA=embedded npm test
#
# MIRROR (default: deb.debian.org) and SUITE (default: bookworm) choose the packages; IMAGE the tag.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
suite="${SUITE:-bookworm}"
mirror="${MIRROR:-http://deb.debian.org/debian}"
image="${IMAGE:-platform-test/postgres:15-debian}"
major=15

root="$(mktemp -d /tmp/postgres-image.XXXXXX)"
cleanup() {
  # debootstrap mounts these while it runs; a failed run may leave them mounted.
  for mount in dev/pts proc sys; do
    if mountpoint -q "$root/$mount"; then umount "$root/$mount"; fi
  done
  rm -rf --one-file-system "$root"
}
trap cleanup EXIT

# debootstrap starts no service while it installs. No cluster is kept (the package may create a
# "main" one): the entrypoint makes its own from the container's environment, as the official image does.
debootstrap --variant=minbase --include="postgresql-$major" "$suite" "$root" "$mirror"
rm -rf "$root/etc/postgresql/$major" "$root/var/lib/postgresql/$major"

install -m 0755 "$here/docker-entrypoint.sh" "$root/usr/local/bin/docker-entrypoint.sh"
# Paths inside the image are made from within it (/var/run is a link to /run there too).
chroot "$root" install -d -o postgres -g postgres -m 2775 /run/postgresql
chroot "$root" install -d -o postgres -g postgres -m 0700 /var/lib/postgresql/data
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* \
  "$root"/usr/share/man/*

tar --numeric-owner -C "$root" -c . | docker import \
  --change "ENV PATH=/usr/lib/postgresql/$major/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  --change 'ENV PGDATA=/var/lib/postgresql/data' \
  --change 'ENV LANG=C.UTF-8' \
  --change 'USER postgres' \
  --change 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' \
  --change 'CMD ["postgres"]' \
  - "$image"
docker image inspect --format '{{.RepoTags}} {{.Size}} bytes' "$image"
