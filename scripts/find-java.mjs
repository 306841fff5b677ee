// Which Java runs the W3C Nu HTML checker (npm `vnu-jar`) in the e2e tests: JAVA_PATH if set, else `java`
// in JAVA_HOME, else `java` on the PATH (Debian's default-jre-headless puts it in /usr/bin). Returns
// undefined when none of them runs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import vnuJar from 'vnu-jar';

export function findJava() {
  const candidates = process.env.JAVA_PATH
    ? [process.env.JAVA_PATH]
    : [...(process.env.JAVA_HOME ? [path.join(process.env.JAVA_HOME, 'bin', 'java')] : []), 'java'];
  for (const candidate of candidates) {
    const probe = spawnSync(candidate, ['-version'], { stdio: 'ignore' });
    if (probe.status === 0) return candidate;
  }
  return undefined;
}

/** The checker's jar, from the `vnu-jar` package. */
export function vnuJarPath() {
  return String(vnuJar);
}

export const JAVA_INSTALL_HINT =
  'The W3C HTML checker needs Java 11 or later. Install it, then run the tests again:\n' +
  '  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y default-jre-headless\n' +
  '  or point JAVA_PATH at a java binary.';
