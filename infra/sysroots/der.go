package sysroots

// DER tags of the fields before a certificate's subject (RFC 5280, 4.1).
const (
	tagSequence = 0x30
	tagInteger  = 0x02
	tagVersion  = 0xa0 // [0] EXPLICIT, constructed
)

// element splits the DER element at the start of b: its tag, the whole
// element, its contents and what follows. ok is false when b does not start
// with a well-formed element of at most 16 MiB.
func element(b []byte) (tag byte, whole, contents, rest []byte, ok bool) {
	if len(b) < 2 {
		return 0, nil, nil, nil, false
	}
	tag, n, hdr := b[0], int(b[1]), 2
	if n&0x80 != 0 {
		octets := n & 0x7f
		if octets == 0 || octets > 3 || len(b) < 2+octets {
			return 0, nil, nil, nil, false
		}
		n = 0
		for _, c := range b[2 : 2+octets] {
			n = n<<8 | int(c)
		}
		hdr += octets
	}
	if n > len(b)-hdr {
		return 0, nil, nil, nil, false
	}
	return tag, b[:hdr+n], b[hdr : hdr+n], b[hdr+n:], true
}

// rawSubject returns the DER of a certificate's subject Name (what
// x509.Certificate.RawSubject holds) without parsing the rest of it.
func rawSubject(der []byte) ([]byte, bool) {
	tag, _, cert, _, ok := element(der)
	if !ok || tag != tagSequence {
		return nil, false
	}
	tag, _, tbs, _, ok := element(cert)
	if !ok || tag != tagSequence {
		return nil, false
	}
	if len(tbs) > 0 && tbs[0] == tagVersion {
		if _, _, _, tbs, ok = element(tbs); !ok {
			return nil, false
		}
	}
	// serialNumber, signature, issuer and validity come before the subject
	for _, want := range []byte{tagInteger, tagSequence, tagSequence, tagSequence} {
		if tag, _, _, tbs, ok = element(tbs); !ok || tag != want {
			return nil, false
		}
	}
	tag, subject, _, _, ok := element(tbs)
	if !ok || tag != tagSequence {
		return nil, false
	}
	return subject, true
}
