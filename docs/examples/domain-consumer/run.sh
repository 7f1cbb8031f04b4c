#!/usr/bin/env bash
# Compiles and runs this example against the domain jar of the surrounding checkout (no Maven, no network):
# CI calls it after the build. Usage: docs/examples/domain-consumer/run.sh [path/to/mizani-domain.jar]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
jar="${1:-$(ls "$here"/../../../domain/target/mizani-domain-*.jar | grep -v -e '-sources' -e '-javadoc' | head -1)}"
out="$here/target/classes"
rm -rf "$out" && mkdir -p "$out"
"${JAVA_HOME:+$JAVA_HOME/bin/}javac" --release 21 -d "$out" --module-path "$jar" $(find "$here/src/main/java" -name '*.java')
"${JAVA_HOME:+$JAVA_HOME/bin/}java" --module-path "$jar:$out" -m com.example.consumer/com.example.consumer.Main
