import { SITE_NAME } from '../../lib/site';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>
        © 2025 {SITE_NAME}. All rights reserved
      </p>
    </footer>
  );
}
