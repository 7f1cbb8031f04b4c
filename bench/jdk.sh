# Picks a JDK 21 or newer (the machine's default java may be 17) and puts it first on the PATH: sourced by .ci/run
# and by every script in bench/ that runs java or the Maven wrapper. The newest JDK found wins; JAVA_HOME is tried
# first, then /usr/lib/jvm/*, /opt/java/*, /opt/jdk*.
pick_jdk() {
  local best="" best_v=0 dir v
  for dir in ${JAVA_HOME:-} /usr/lib/jvm/* /opt/java/* /opt/jdk*; do
    [[ -x "$dir/bin/javac" ]] || continue
    v=$("$dir/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p' | head -1)
    v=${v%%.*}
    [[ "$v" =~ ^[0-9]+$ ]] || continue
    if (( v >= 21 && v > best_v )); then best="$dir"; best_v=$v; fi
  done
  [[ -n "$best" ]] || { echo "no JDK 21 or newer found under /usr/lib/jvm (JAVA_HOME=${JAVA_HOME:-unset})" >&2; return 1; }
  echo "$best"
}

JAVA_HOME="$(pick_jdk)" || exit 1
export JAVA_HOME
export PATH="$JAVA_HOME/bin:$PATH"
