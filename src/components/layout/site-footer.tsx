import { SITE_NAME } from '../../lib/site';
import styles from './site-footer.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <p>
        © 2025 {SITE_NAME}. All rights reserved
      </p>
    </footer>
  );
}
