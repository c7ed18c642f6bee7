package memstore

// records is tenant → id → T: how renewals and prices are kept. A nil
// records reads as empty.
type records[T any] map[string]map[string]T

// add stores v under tenant and id unless the tenant already has that id;
// it reports whether it did.
func (r *records[T]) add(tenant, id string, v T) bool {
	if *r == nil {
		*r = records[T]{}
	}
	t := (*r)[tenant]
	if t == nil {
		t = map[string]T{}
		(*r)[tenant] = t
	}
	if _, taken := t[id]; taken {
		return false
	}
	t[id] = v
	return true
}
