package bolttest

import (
	"bytes"
	"testing"

	"gpuadvisor/infra/bolt"
	"gpuadvisor/store"
	"gpuadvisor/store/storetest"
)

// Spoiler damages records of an open store the way one changed byte does
// (`"vendor":"E2"` where `"vendor":"E2"` stood): the JSON no longer decodes
// (storetest.Spoiler).
type Spoiler struct{ S *bolt.Store }

var _ storetest.Spoiler = Spoiler{}

// Spoil replaces the quote that opens the record's first string value
// with a letter, as one flipped byte would.
func (sp Spoiler) Spoil(t testing.TB, bucket string, key ...string) {
	t.Helper()
	k := []byte(joinKey(key))
	v, err := sp.S.Raw([]byte(bucket), k)
	if err != nil || v == nil {
		t.Fatalf("spoil %s %q: %v (value %q)", bucket, k, err, v)
	}
	i := bytes.Index(v, []byte(`":"`))
	if i < 0 {
		t.Fatalf("spoil %s %q: no string value in %s", bucket, k, v)
	}
	v[i+2] = 'E'
	if err := sp.S.PutRaw([]byte(bucket), k, v); err != nil {
		t.Fatal(err)
	}
}

func joinKey(parts []string) string {
	var b bytes.Buffer
	for i, p := range parts {
		if i > 0 {
			b.WriteByte(0)
		}
		b.WriteString(p)
	}
	return b.String()
}

// SpoilRenewal implements storetest.Spoiler.
func (sp Spoiler) SpoilRenewal(t *testing.T, tenant, id string) { sp.Spoil(t, "renewals", tenant, id) }

// SpoilPrice implements storetest.Spoiler.
func (sp Spoiler) SpoilPrice(t *testing.T, tenant, id string) { sp.Spoil(t, "prices", tenant, id) }

// SpoilCheck implements storetest.Spoiler.
func (sp Spoiler) SpoilCheck(t *testing.T, c store.Check) {
	sp.Spoil(t, "checks", c.Tenant, store.CheckTime(c.At), c.ID)
}

// SpoilSettings implements storetest.Spoiler.
func (sp Spoiler) SpoilSettings(t *testing.T, tenant string) { sp.Spoil(t, "settings", tenant) }

// SpoilTrial implements storetest.Spoiler.
func (sp Spoiler) SpoilTrial(t *testing.T, tenant, id string) { sp.Spoil(t, "trials", tenant, id) }
