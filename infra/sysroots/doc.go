// Package sysroots verifies TLS servers against the system's root
// certificates exactly as crypto/tls does by default, without parsing the
// whole root bundle on the first handshake.
//
// Go's default verification loads the system pool once per process: every
// certificate of the bundle (about 145 on Debian and Amazon Linux) and of the
// certificate directories, each parsed in full. That is 5-20 ms of CPU, and
// at a 128 MB Lambda's share of a core (7.2 %) it is the largest part of a
// cold start that calls an HTTPS API on the system roots (docs/platforms.md).
//
// A Verifier instead indexes the bundle Go would read (SSL_CERT_FILE, else
// the first readable file of Go's list) by each certificate's subject,
// decoding the PEM and walking the DER only as far as the subject, and
// parses only the roots whose subject names an issuer in the server's chain.
// A chain those roots verify is one Go's system pool verifies too (they are
// part of it); any other chain is verified against the whole system pool, so
// that every verdict is the one crypto/tls would give: nothing more is
// trusted, nothing trusted is refused.
package sysroots
