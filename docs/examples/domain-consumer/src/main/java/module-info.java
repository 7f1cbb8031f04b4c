/** The domain jar is an automatic module named {@code io.mizani.domain} (its manifest's Automatic-Module-Name). */
module com.example.consumer {
    requires io.mizani.domain;
}
