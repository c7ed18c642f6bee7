package dynamo

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Items are built and read by hand, attribute by attribute, not through the
// SDK's attributevalue package: it links the DynamoDB Streams types and
// schemas, whose package init every cold start of a function would pay for.
// The items are the ones attributevalue.MarshalMap wrote from the
// dynamodbav-tagged item structs this package used before (attrs_test.go
// compares them, item for item, and reads the old ones back):
//
//   - a string is S, a number N (a float in the shortest 'f' form that reads
//     back: 25, 6.25, 0.000001), a bool BOOL;
//   - a slice is L, a map or a struct M; a nil slice or map is NULL;
//   - an attribute tagged omitempty then was left out when zero ("", 0,
//     false, a nil slice, map or pointer): attrs.with does the same. An
//     empty slice or map that is not nil stays (an empty L or M), as it did.
//
// Reading follows attributevalue.UnmarshalMap: an attribute that is missing
// or NULL reads as the zero value, one of another type is an error naming
// it, and attributes nobody asks for are ignored.

// attrs is an item, or a map attribute's value, being built.
type attrs map[string]types.AttributeValue

func s(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }

func n(v int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(v, 10)}
}

func num(v int) types.AttributeValue { return n(int64(v)) }

func float(v float64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatFloat(v, 'f', -1, 64)}
}

func boolean(v bool) types.AttributeValue { return &types.AttributeValueMemberBOOL{Value: v} }

func null() types.AttributeValue { return &types.AttributeValueMemberNULL{Value: true} }

// list is vs as an L of el of each, NULL when vs is nil.
func list[T any](vs []T, el func(T) types.AttributeValue) types.AttributeValue {
	if vs == nil {
		return null()
	}
	l := make([]types.AttributeValue, 0, len(vs))
	for _, v := range vs {
		l = append(l, el(v))
	}
	return &types.AttributeValueMemberL{Value: l}
}

// mapOf is m as an M of el of each value, NULL when m is nil.
func mapOf[T any](m map[string]T, el func(T) types.AttributeValue) types.AttributeValue {
	if m == nil {
		return null()
	}
	out := make(map[string]types.AttributeValue, len(m))
	for k, v := range m {
		out[k] = el(v)
	}
	return &types.AttributeValueMemberM{Value: out}
}

// m is a as a map attribute.
func (a attrs) m() types.AttributeValue { return &types.AttributeValueMemberM{Value: a} }

// with adds to a the attributes of opt that are not zero: the omitempty
// ones, left out when they are "" (S), 0 (N), false (BOOL) or nil (NULL).
// An empty L or M is not zero (attributevalue kept an empty slice or map
// that was not nil).
func (a attrs) with(opt attrs) attrs {
	for name, v := range opt {
		if !zero(v) {
			a[name] = v
		}
	}
	return a
}

func zero(av types.AttributeValue) bool {
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return v.Value == ""
	case *types.AttributeValueMemberN:
		f, err := strconv.ParseFloat(v.Value, 64)
		return err == nil && f == 0
	case *types.AttributeValueMemberBOOL:
		return !v.Value
	case *types.AttributeValueMemberNULL:
		return true
	}
	return false
}

// fields reads an item, or a map attribute, by name. The first attribute
// that does not read is kept as the error of the whole item (Err), shared
// with the fields of its map attributes; its value reads as zero.
type fields struct {
	m    map[string]types.AttributeValue
	path string // "" for the item, "promised." for a map attribute in it
	err  *error
}

// read returns the fields of item.
func read(item map[string]types.AttributeValue) fields {
	return fields{m: item, err: new(error)}
}

// Err is the first attribute that did not read, or nil.
func (f fields) Err() error { return *f.err }

func (f fields) fail(name string, err error) {
	if *f.err == nil {
		*f.err = fmt.Errorf("attribute %s%s: %w", f.path, name, err)
	}
}

// get reads attribute name with conv; missing or NULL is the zero T.
func get[T any](f fields, name string, conv func(types.AttributeValue) (T, error)) T {
	var zero T
	av, ok := f.m[name]
	if _, isNull := av.(*types.AttributeValueMemberNULL); !ok || av == nil || isNull {
		return zero
	}
	v, err := conv(av)
	if err != nil {
		f.fail(name, err)
		return zero
	}
	return v
}

// kind names av's type as DynamoDB does: S, N, BOOL, L, M, SS, ...
func kind(av types.AttributeValue) string {
	return strings.TrimPrefix(fmt.Sprintf("%T", av), "*types.AttributeValueMember")
}

func wrongType(av types.AttributeValue, want string) error {
	return fmt.Errorf("%s, want %s", kind(av), want)
}

// asS reads an S (or, as attributevalue did, the digits of an N).
func asS(av types.AttributeValue) (string, error) {
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return v.Value, nil
	case *types.AttributeValueMemberN:
		return v.Value, nil
	}
	return "", wrongType(av, "S")
}

func asInt(av types.AttributeValue) (int, error) {
	v, ok := av.(*types.AttributeValueMemberN)
	if !ok {
		return 0, wrongType(av, "N")
	}
	i, err := strconv.ParseInt(v.Value, 10, 64)
	return int(i), err
}

func asFloat(av types.AttributeValue) (float64, error) {
	v, ok := av.(*types.AttributeValueMemberN)
	if !ok {
		return 0, wrongType(av, "N")
	}
	return strconv.ParseFloat(v.Value, 64)
}

func asBool(av types.AttributeValue) (bool, error) {
	v, ok := av.(*types.AttributeValueMemberBOOL)
	if !ok {
		return false, wrongType(av, "BOOL")
	}
	return v.Value, nil
}

func asMap(av types.AttributeValue) (map[string]types.AttributeValue, error) {
	m, ok := av.(*types.AttributeValueMemberM)
	if !ok {
		return nil, wrongType(av, "M")
	}
	return m.Value, nil
}

// listOf reads an L whose elements read with el (a NULL element as the
// zero T); an empty L is an empty, not nil, slice.
func listOf[T any](el func(types.AttributeValue) (T, error)) func(types.AttributeValue) ([]T, error) {
	return func(av types.AttributeValue) ([]T, error) {
		l, ok := av.(*types.AttributeValueMemberL)
		if !ok {
			return nil, wrongType(av, "L")
		}
		out := make([]T, 0, len(l.Value))
		for i, e := range l.Value {
			if _, isNull := e.(*types.AttributeValueMemberNULL); isNull {
				var zero T
				out = append(out, zero)
				continue
			}
			v, err := el(e)
			if err != nil {
				return nil, fmt.Errorf("element %d: %w", i, err)
			}
			out = append(out, v)
		}
		return out, nil
	}
}

func (f fields) S(name string) string         { return get(f, name, asS) }
func (f fields) N(name string) int            { return get(f, name, asInt) }
func (f fields) F(name string) float64        { return get(f, name, asFloat) }
func (f fields) Bool(name string) bool        { return get(f, name, asBool) }
func (f fields) Strings(name string) []string { return get(f, name, listOf(asS)) }
func (f fields) Ns(name string) []int         { return get(f, name, listOf(asInt)) }
func (f fields) Fs(name string) []float64     { return get(f, name, listOf(asFloat)) }

// Time reads an S written as time.RFC3339Nano, in UTC; missing is the
// zero time.
func (f fields) Time(name string) time.Time {
	v := f.S(name)
	if v == "" {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		f.fail(name, err)
	}
	return t.UTC()
}

// FMap reads an M of N (an empty M is an empty, not nil, map).
func (f fields) FMap(name string) map[string]float64 {
	return get(f, name, func(av types.AttributeValue) (map[string]float64, error) {
		m, err := asMap(av)
		if err != nil {
			return nil, err
		}
		out := make(map[string]float64, len(m))
		for k, e := range m {
			v, err := asFloat(e)
			if err != nil {
				return nil, fmt.Errorf("key %q: %w", k, err)
			}
			out[k] = v
		}
		return out, nil
	})
}

// M reads a map attribute as fields; ok is false when it is missing or
// NULL (then its fields all read as zero).
func (f fields) M(name string) (sub fields, ok bool) {
	m := get(f, name, asMap)
	return fields{m: m, path: f.path + name + ".", err: f.err}, m != nil
}

// Ms reads an L of maps, each as fields.
func (f fields) Ms(name string) []fields {
	ms := get(f, name, listOf(asMap))
	out := make([]fields, len(ms))
	for i, m := range ms {
		out[i] = fields{m: m, path: fmt.Sprintf("%s%s[%d].", f.path, name, i), err: f.err}
	}
	return out
}
