package feishu

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// The request headers Feishu signs with.
const (
	HeaderTimestamp = "X-Lark-Request-Timestamp"
	HeaderNonce     = "X-Lark-Request-Nonce"
	HeaderSignature = "X-Lark-Signature"
)

// MaxSkew is how far X-Lark-Request-Timestamp may be from our clock, either
// way. A signed request older than this is a replay.
const MaxSkew = 5 * time.Minute

// Errors of verification. They are logged, never shown to the caller: every
// one of them gets the same 401.
var (
	ErrMissingHeaders = errors.New("feishu: missing signature headers")
	ErrBadSignature   = errors.New("feishu: signature mismatch")
	ErrStale          = errors.New("feishu: timestamp outside the allowed window")
	ErrDecrypt        = errors.New("feishu: cannot decrypt")
	ErrBadToken       = errors.New("feishu: verification token mismatch")
	ErrOtherApp       = errors.New("feishu: event for another app")
	ErrLegacyCard     = errors.New("feishu: an old message-card callback (消息卡片请求网址), not served: subscribe 卡片回传交互 (card.action.trigger) under 事件与回调 > 回调配置 instead")
)

// Verifier checks signatures, decrypts bodies and compares the verification
// token. It is safe for concurrent use.
type Verifier struct {
	encryptKey string
	token      []byte
	block      cipher.Block
}

// NewVerifier returns a Verifier for the app's Encrypt Key and Verification
// Token. Both are required.
func NewVerifier(encryptKey, verificationToken string) (*Verifier, error) {
	if encryptKey == "" || verificationToken == "" {
		return nil, errors.New("feishu: an Encrypt Key and a Verification Token are both required")
	}
	key := sha256.Sum256([]byte(encryptKey))
	block, err := aes.NewCipher(key[:])
	if err != nil {
		return nil, fmt.Errorf("feishu: aes key: %w", err)
	}
	return &Verifier{encryptKey: encryptKey, token: []byte(verificationToken), block: block}, nil
}

// Signature is hex(sha256(timestamp + nonce + encryptKey + body)), Feishu's
// event and callback signature (X-Lark-Signature).
func Signature(timestamp, nonce, encryptKey string, body []byte) string {
	return hex.EncodeToString(signature(timestamp, nonce, encryptKey, body))
}

// signature is Signature's digest, before hex.
func signature(timestamp, nonce, encryptKey string, body []byte) []byte {
	h := sha256.New()
	h.Write([]byte(timestamp))
	h.Write([]byte(nonce))
	h.Write([]byte(encryptKey))
	h.Write(body)
	return h.Sum(nil)
}

// HasSignature reports whether any of the three signature headers is present.
// h must be canonical (built with Set or Add).
func HasSignature(h http.Header) bool {
	return h.Get(HeaderTimestamp) != "" || h.Get(HeaderNonce) != "" || h.Get(HeaderSignature) != ""
}

// VerifySignature checks the three headers against body (already base64-decoded)
// in constant time, and the timestamp against now ± MaxSkew.
func (v *Verifier) VerifySignature(h http.Header, body []byte, now time.Time) error {
	ts, nonce, sig := h.Get(HeaderTimestamp), h.Get(HeaderNonce), h.Get(HeaderSignature)
	if ts == "" || nonce == "" || sig == "" {
		return ErrMissingHeaders
	}
	got, err := hex.DecodeString(sig)
	if err != nil || subtle.ConstantTimeCompare(signature(ts, nonce, v.encryptKey, body), got) != 1 {
		return ErrBadSignature
	}
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return fmt.Errorf("%w: %q is not epoch seconds", ErrStale, ts)
	}
	if d := now.Sub(time.Unix(secs, 0)); d > MaxSkew || d < -MaxSkew {
		return fmt.Errorf("%w: off by %s", ErrStale, d.Round(time.Second))
	}
	return nil
}

// IsLegacyCard reports whether the request carries the old message-card
// callback signature, hex(sha1(timestamp + nonce + verification token +
// body)), so that its refusal can say what to configure instead.
func (v *Verifier) IsLegacyCard(h http.Header, body []byte) bool {
	got, err := hex.DecodeString(h.Get(HeaderSignature))
	if err != nil || h.Get(HeaderTimestamp) == "" {
		return false
	}
	m := sha1.New()
	m.Write([]byte(h.Get(HeaderTimestamp) + h.Get(HeaderNonce)))
	m.Write(v.token)
	m.Write(body)
	return subtle.ConstantTimeCompare(m.Sum(nil), got) == 1
}

// Decrypt opens Feishu's "encrypt" field: base64(iv + AES-256-CBC(plaintext)),
// key = sha256(Encrypt Key), PKCS#7 padding, which is checked byte by byte.
func (v *Verifier) Decrypt(encrypt string) ([]byte, error) {
	buf, err := base64.StdEncoding.DecodeString(encrypt)
	if err != nil {
		return nil, fmt.Errorf("%w: base64: %v", ErrDecrypt, err)
	}
	if len(buf) < 2*aes.BlockSize || len(buf)%aes.BlockSize != 0 {
		return nil, fmt.Errorf("%w: %d bytes is not iv plus whole blocks", ErrDecrypt, len(buf))
	}
	iv, ct := buf[:aes.BlockSize], buf[aes.BlockSize:]
	out := make([]byte, len(ct))
	cipher.NewCBCDecrypter(v.block, iv).CryptBlocks(out, ct)
	n := int(out[len(out)-1])
	if n == 0 || n > aes.BlockSize {
		return nil, fmt.Errorf("%w: bad padding", ErrDecrypt)
	}
	var bad byte
	for _, b := range out[len(out)-n:] {
		bad |= b ^ byte(n)
	}
	if bad != 0 {
		return nil, fmt.Errorf("%w: bad padding", ErrDecrypt)
	}
	return out[:len(out)-n], nil
}

// CheckToken compares the verification token of an event in constant time.
func (v *Verifier) CheckToken(token string) error {
	if subtle.ConstantTimeCompare([]byte(token), v.token) != 1 {
		return ErrBadToken
	}
	return nil
}
