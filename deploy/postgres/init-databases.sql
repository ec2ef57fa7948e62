-- One database per service (docker compose only). The postgres image runs this file once, on the
-- first start with an empty data volume; to re-run it, remove the volume (docker compose down -v).
-- Each service creates its own tables through its migrations at start.
CREATE DATABASE gateway;
CREATE DATABASE billing;
CREATE DATABASE payments;
CREATE DATABASE settlements;
CREATE DATABASE webhooks;
