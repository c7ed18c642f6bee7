package feishu

import (
	"bytes"
	"encoding/base64"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	larkevent "github.com/larksuite/oapi-sdk-go/v3/event"

	"gpuadvisor/infra/httpbody"
	"gpuadvisor/internal/testkit"
)

// The decryption example published with Feishu's event subscription docs
// (and used by every SDK's tests): key "test key", plaintext "hello world".
const (
	docKey        = "test key"
	docCiphertext = "P37w+VZImNgPEO1RBhJ6RtKl7n6zymIbEG1pReEzghk="
)

func TestDecryptPublishedExample(t *testing.T) {
	v, err := NewVerifier(docKey, "token")
	if err != nil {
		t.Fatal(err)
	}
	got, err := v.Decrypt(docCiphertext)
	if err != nil || string(got) != "hello world" {
		t.Fatalf("Decrypt(%q) with %q = %q, %v; want \"hello world\"", docCiphertext, docKey, got, err)
	}
	// The SDK agrees on the bytes (it trims to braces and skips the padding check).
	sdk, err := larkevent.EventDecrypt(docCiphertext, docKey)
	if err != nil || !bytes.HasPrefix(sdk, got) {
		t.Fatalf("SDK decrypt = %q, %v; want it to start with %q", sdk, err, got)
	}
	other, _ := NewVerifier("other key", "token")
	if b, err := other.Decrypt(docCiphertext); err == nil {
		t.Fatalf("a wrong key decrypted the example to %q", b)
	}
}

func TestSignatureKnownInputs(t *testing.T) {
	tests := []struct {
		name, ts, nonce, key, body, want string
	}{
		// sha256("1796031000" + "1234567890" + "test key" + body), computed with sha256sum.
		{"encrypted body", "1796031000", "1234567890", "test key", `{"encrypt":"P37w+VZImNgPEO1RBhJ6RtKl7n6zymIbEG1pReEzghk="}`,
			"2e87099ad92305ea5e147e176ff36aca7ebc524642f3ea6baaf1fbcf44950726"},
		// With everything else empty the signature is sha256 of the body ("abc", FIPS 180-2).
		{"body only", "", "", "", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Signature(tc.ts, tc.nonce, tc.key, []byte(tc.body)); got != tc.want {
				t.Errorf("Signature(%q, %q, %q, %q) = %s, want %s", tc.ts, tc.nonce, tc.key, tc.body, got, tc.want)
			}
			if sdk := larkevent.Signature(tc.ts, tc.nonce, tc.key, tc.body); sdk != tc.want {
				t.Errorf("SDK Signature = %s, want %s", sdk, tc.want)
			}
		})
	}
}

func TestVerifySignature(t *testing.T) {
	v, _ := NewVerifier(testKey, testToken)
	body := []byte(`{"encrypt":"abc"}`)
	good := httpbody.Header(signedHeaders(testKey, testNow, body))
	with := func(k, val string) http.Header {
		h := good.Clone()
		if val == "" {
			h.Del(k)
		} else {
			h.Set(k, val)
		}
		return h
	}
	tests := []struct {
		name string
		h    http.Header
		body []byte
		now  time.Time
		want error
	}{
		{"valid", good, body, testNow, nil},
		{"valid, 4m59s late", good, body, testNow.Add(MaxSkew - time.Second), nil},
		{"upper-case hex", with(HeaderSignature, strings.ToUpper(good.Get(HeaderSignature))), body, testNow, nil},
		{"stale by 5m01s", good, body, testNow.Add(MaxSkew + time.Second), ErrStale},
		{"from the future", good, body, testNow.Add(-MaxSkew - time.Second), ErrStale},
		{"body changed", good, []byte(`{"encrypt":"abd"}`), testNow, ErrBadSignature},
		{"signature of another key", httpbody.Header(signedHeaders("other", testNow, body)), body, testNow, ErrBadSignature},
		{"signature not hex", with(HeaderSignature, "zz"), body, testNow, ErrBadSignature},
		{"signature truncated", with(HeaderSignature, good.Get(HeaderSignature)[:62]), body, testNow, ErrBadSignature},
		{"nonce changed", with(HeaderNonce, "other"), body, testNow, ErrBadSignature},
		{"no timestamp", with(HeaderTimestamp, ""), body, testNow, ErrMissingHeaders},
		{"no nonce", with(HeaderNonce, ""), body, testNow, ErrMissingHeaders},
		{"no signature", with(HeaderSignature, ""), body, testNow, ErrMissingHeaders},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := v.VerifySignature(tc.h, tc.body, tc.now)
			if !errors.Is(err, tc.want) {
				t.Errorf("VerifySignature = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestDecryptChecksPadding(t *testing.T) {
	v, _ := NewVerifier(testKey, testToken)
	block := bytes.Repeat([]byte("a"), 16)
	tests := []struct {
		name    string
		encrypt string
		want    string // "" means an error
	}{
		{"round trip", testkit.FeishuCipher(testKey, testkit.FeishuPad([]byte(`{"a":1}`))), `{"a":1}`},
		{"full padding block", testkit.FeishuCipher(testKey, testkit.FeishuPad(block)), string(block)},
		{"pad byte 0", testkit.FeishuCipher(testKey, append([]byte("fifteen bytes!!"), 0)), ""},
		{"pad byte 17", testkit.FeishuCipher(testKey, append([]byte("fifteen bytes!!"), 17)), ""},
		{"inconsistent pad bytes", testkit.FeishuCipher(testKey, append([]byte("thirteen byte"), 3, 2, 3)), ""},
		{"no padding at all", testkit.FeishuCipher(testKey, block), ""},
		{"wrong key", testkit.FeishuCipher("another key", testkit.FeishuPad([]byte(`{"a":1}`))), ""},
		{"not base64", "%%%", ""},
		{"iv only", testkit.FeishuCipher(testKey, nil), ""},
		{"not whole blocks", base64.StdEncoding.EncodeToString(make([]byte, 24)), ""},
		{"empty", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := v.Decrypt(tc.encrypt)
			if tc.want == "" {
				if err == nil {
					t.Fatalf("Decrypt = %q, want an error", got)
				}
				if !errors.Is(err, ErrDecrypt) {
					t.Fatalf("error %v is not ErrDecrypt", err)
				}
				return
			}
			if err != nil || string(got) != tc.want {
				t.Fatalf("Decrypt = %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

func TestCheckToken(t *testing.T) {
	v, _ := NewVerifier(testKey, testToken)
	for _, tc := range []struct {
		tok  string
		want error
	}{{testToken, nil}, {"", ErrBadToken}, {testToken + "x", ErrBadToken}, {strings.ToUpper(testToken), ErrBadToken}} {
		if err := v.CheckToken(tc.tok); !errors.Is(err, tc.want) {
			t.Errorf("CheckToken(%q) = %v, want %v", tc.tok, err, tc.want)
		}
	}
}

func TestNewVerifierNeedsBoth(t *testing.T) {
	for _, kv := range [][2]string{{"", "t"}, {"k", ""}, {"", ""}} {
		if _, err := NewVerifier(kv[0], kv[1]); err == nil {
			t.Errorf("NewVerifier(%q, %q) accepted", kv[0], kv[1])
		}
	}
}

func FuzzDecrypt(f *testing.F) {
	f.Add(docCiphertext)
	f.Add("")
	f.Add("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")
	v, _ := NewVerifier(docKey, "token")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := v.Decrypt(s)
		if err == nil && len(b) > len(s) {
			t.Fatalf("plaintext longer than its ciphertext")
		}
	})
}
