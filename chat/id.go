package chat

import "crypto/rand"

// idAlphabet leaves out letters and digits people confuse (0/o, 1/l/i).
const idAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"

// RandomID returns six characters of an alphabet without look-alikes: the
// ids people type back (renewal remove k7m2p9, price remove t76dxz).
func RandomID() string {
	b := make([]byte, 6)
	rand.Read(b)
	for i := range b {
		b[i] = idAlphabet[int(b[i])%len(idAlphabet)]
	}
	return string(b)
}

// NewIDWith is newID() when a command was given one (tests pin ids), else
// RandomID.
func NewIDWith(newID func() string) string {
	if newID != nil {
		return newID()
	}
	return RandomID()
}
