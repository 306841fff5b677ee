// Where nginx is, for the proxy test (tests/e2e/behind-nginx.spec.ts): NGINX_PATH if set, else Debian's.
import { existsSync } from 'node:fs';

/** @returns {string | undefined} */
export function findNginx() {
  return [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx'].find(
    (file) => file !== undefined && existsSync(file),
  );
}
