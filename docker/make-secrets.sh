#!/bin/sh
# Makes what docker/compose.yaml needs, once: the secrets in docker/.env and, for a first try on
# this machine, a self-signed certificate in docker/certs/api.pem. Whatever exists already is kept,
# so running it again changes nothing: a second WALLET_ENCRYPTION_KEY would leave every stored card
# number unreadable. Usage: sh docker/make-secrets.sh
set -eu
cd "$(dirname "$0")"
umask 077
touch .env

# Hex only: the passwords go into URLs (postgresql://healthcare:<password>@…) unescaped.
add() {
  if grep -q "^$1=" .env; then
    echo "kept    $1"
  else
    echo "$1=$2" >> .env
    echo "made    $1"
  fi
}
add POSTGRES_PASSWORD "$(openssl rand -hex 24)"
add REPLICATION_PASSWORD "$(openssl rand -hex 24)"
add REDIS_PASSWORD "$(openssl rand -hex 24)"
add WALLET_ENCRYPTION_KEY "$(openssl rand -hex 32)"
add BOOTSTRAP_API_KEY "sk_$(openssl rand -hex 24)"

# The load balancer (uid 99 in its image) must reach the certificate through this folder.
mkdir -p certs && chmod 755 certs
if [ -f certs/api.pem ]; then
  echo "kept    certs/api.pem"
else
  openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=localhost" -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
    -keyout certs/api.key -out certs/api.crt 2>/dev/null
  cat certs/api.crt certs/api.key > certs/api.pem
  rm certs/api.crt certs/api.key
  # HAProxy runs as uid 99 in its image and must read the key.
  chmod 644 certs/api.pem
  echo "made    certs/api.pem (self-signed for localhost, 30 days: replace it with your own)"
fi
