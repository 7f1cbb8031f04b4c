#!/usr/bin/env bash
# The screening index's speed (docs/performance.md "Screening"): needs the domain module built
# (./mvnw -B -q -pl domain package -DskipTests). Runs in one JVM, no database.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java
cd "$(dirname "$0")/.."
JAVA="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
"$JAVA" -Xmx1g -cp domain/target/classes bench/screening/ScreeningBench.java
