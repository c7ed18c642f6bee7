package sysroots

// DER tags of the fields before a certificate's subject (RFC 5280, 4.1).
const (
	tagSequence = 0x30
	tagInteger  = 0x02
	tagVersion  = 0xa0 // [0] EXPLICIT, constructed
)

// header reads the tag and length at the start of b: hdr is the size of
// both, n the length of the contents (which may lie beyond b). ok is false
// when b does not start with a well-formed header of at most 16 MiB.
func header(b []byte) (tag byte, hdr, n int, ok bool) {
	if len(b) < 2 {
		return 0, 0, 0, false
	}
	tag, n, hdr = b[0], int(b[1]), 2
	if n&0x80 != 0 {
		octets := n & 0x7f
		if octets == 0 || octets > 3 || len(b) < 2+octets {
			return 0, 0, 0, false
		}
		n = 0
		for _, c := range b[2 : 2+octets] {
			n = n<<8 | int(c)
		}
		hdr += octets
	}
	return tag, hdr, n, true
}

// element splits the DER element at the start of b, which must hold all of
// it: its tag, the whole element and what follows.
func element(b []byte) (tag byte, whole, rest []byte, ok bool) {
	tag, hdr, n, ok := header(b)
	if !ok || n > len(b)-hdr {
		return 0, nil, nil, false
	}
	return tag, b[:hdr+n], b[hdr+n:], true
}

// rawSubject returns the DER of a certificate's subject Name (what
// x509.Certificate.RawSubject holds) without parsing the rest of it. der
// may be the first part of a certificate only: more reports that the
// subject may lie beyond it.
func rawSubject(der []byte) (subject []byte, ok, more bool) {
	tbs := der
	for range 2 { // Certificate, then TBSCertificate: SEQUENCEs entered, not read whole
		tag, hdr, _, ok := header(tbs)
		if !ok || tag != tagSequence {
			return nil, false, !ok && len(tbs) < 6 // a header cut short
		}
		tbs = tbs[hdr:]
	}
	var tag byte
	var ok2 bool
	if len(tbs) > 0 && tbs[0] == tagVersion {
		if _, _, tbs, ok2 = element(tbs); !ok2 {
			return nil, false, true
		}
	}
	// serialNumber, signature, issuer and validity come before the subject
	for _, want := range []byte{tagInteger, tagSequence, tagSequence, tagSequence, tagSequence} {
		var whole []byte
		if tag, whole, tbs, ok2 = element(tbs); !ok2 {
			return nil, false, true
		}
		if tag != want {
			return nil, false, false
		}
		subject = whole
	}
	return subject, true, false
}
