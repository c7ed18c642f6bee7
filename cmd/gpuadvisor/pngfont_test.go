package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/image/font/opentype"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"

	"gpuadvisor/chat"
)

// testFont is a TrueType font built here, with nothing but a 600×700 box
// for each of runes (on 1000 units per em, each 1000 wide: one em), so that
// the tests need no font of the machine's. shift > 0 wraps it in a font
// collection (.ttc) whose tables start shift bytes off the 4-byte
// boundaries, as WenQuanYi's do.
func testFont(runes string, shift int) []byte {
	rs := []rune(runes)
	slices.Sort(rs)
	rs = slices.Compact(rs)
	n := len(rs) + 1 // glyph 0 is .notdef
	be := binary.BigEndian
	u16 := func(b []byte, vs ...int) []byte {
		for _, v := range vs {
			b = be.AppendUint16(b, uint16(v))
		}
		return b
	}
	var box []byte
	box = u16(box, 1, 100, 0, 700, 700) // one contour, its bounds
	box = u16(box, 3, 0)                // last point 3, no instructions
	box = append(box, 1, 1, 1, 1)       // four points on the curve, x and y as int16 deltas
	box = u16(box, 100, 600, 0, -600)   // x: 100, 700, 700, 100
	box = u16(box, 0, 0, 700, 0)        // y: 0, 0, 700, 700
	var glyf, loca, hmtx []byte
	for g := 0; g < n; g++ {
		loca = be.AppendUint32(loca, uint32(len(glyf)))
		glyf = append(glyf, box...)
		hmtx = u16(hmtx, 1000, 100)
	}
	loca = be.AppendUint32(loca, uint32(len(glyf)))
	// cmap: one format 4 subtable (Windows, Unicode BMP), a segment per rune
	segs := len(rs) + 1
	var f4 []byte
	f4 = u16(f4, 4, 16+8*segs, 0, 2*segs, 2, 0, 2*segs-2)
	for _, r := range rs {
		f4 = u16(f4, int(r))
	}
	f4 = u16(f4, 0xFFFF, 0)
	for _, r := range rs {
		f4 = u16(f4, int(r))
	}
	f4 = u16(f4, 0xFFFF)
	for i, r := range rs {
		f4 = u16(f4, (i+1-int(r))&0xFFFF) // idDelta: rune r → glyph i+1
	}
	f4 = u16(f4, 1)
	for range segs {
		f4 = u16(f4, 0)
	}
	cmap := append(u16(nil, 0, 1, 3, 1), be.AppendUint32(nil, 12)...)
	cmap = append(cmap, f4...)
	head := be.AppendUint32(nil, 0x10000)
	head = be.AppendUint32(head, 0x10000)
	head = be.AppendUint32(head, 0)
	head = be.AppendUint32(head, 0x5F0F3CF5)
	head = u16(head, 0, 1000)
	head = append(head, make([]byte, 16)...) // created, modified
	head = u16(head, 100, 0, 700, 700, 0, 8, 2, 1, 0)
	hhea := be.AppendUint32(nil, 0x10000)
	hhea = u16(hhea, 800, 0xFFFF-199, 0, 1000, 100, 300, 700, 1, 0, 0, 0, 0, 0, 0, 0, n)
	maxp := be.AppendUint32(nil, 0x10000)
	maxp = u16(maxp, n, 4, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0)
	post := be.AppendUint32(nil, 0x30000)
	post = append(post, make([]byte, 28)...)
	tables := map[string][]byte{"cmap": cmap, "glyf": glyf, "head": head, "hhea": hhea, "hmtx": hmtx, "loca": loca, "maxp": maxp, "post": post}
	tags := make([]string, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	sort.Strings(tags)
	base := 0
	if shift > 0 {
		base = 16 + shift // after the collection's header and shift bytes
	}
	out := be.AppendUint32(nil, 0x10000)
	out = u16(out, len(tags), 128, 3, 16*len(tags)-128)
	at := base + 12 + 16*len(tags)
	var body []byte
	for _, t := range tags {
		for (at+len(body)-base)%4 != 0 {
			body = append(body, 0)
		}
		out = append(out, t...)
		out = be.AppendUint32(out, 0)
		out = be.AppendUint32(out, uint32(at+len(body)))
		out = be.AppendUint32(out, uint32(len(tables[t])))
		body = append(body, tables[t]...)
	}
	out = append(out, body...)
	if shift == 0 {
		return out
	}
	ttc := append([]byte("ttcf"), 0, 1, 0, 0, 0, 0, 0, 1)
	ttc = be.AppendUint32(ttc, uint32(base))
	ttc = append(ttc, make([]byte, shift)...)
	return append(ttc, out...)
}

// writeTemp writes b to dir/name and returns the path.
func writeTemp(t *testing.T, dir, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// ascii is every printable ASCII character.
func ascii() string {
	var b strings.Builder
	for r := ' '; r <= '~'; r++ {
		b.WriteRune(r)
	}
	return b.String()
}

func TestLoadFont(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string { return writeTemp(t, dir, name, b) }
	for _, tt := range []struct {
		name, path string
		err        string // in the error; "" for a font
		has, lacks rune
	}{
		{"a .ttf", write("a.ttf", testFont("成都A", 0)), "", '成', '华'},
		{"a .ttc with its tables off the 4-byte boundaries", write("b.ttc", testFont("华东B", 1)), "", '华', '成'},
		{"a .ttc off by 2", write("c.ttc", testFont("华东B", 2)), "", '东', 'A'},
		{"not a font", write("d.ttf", []byte("hello, this is no font")), "not a TrueType or OpenType font", 0, 0},
		{"no file", filepath.Join(dir, "none.ttf"), "no such file", 0, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, err := loadFont(tt.path)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one saying %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r := missing(f, []string{string(tt.has)}); r != 0 {
				t.Errorf("the font lacks %q", r)
			}
			if r := missing(f, []string{"x " + string(tt.lacks)}); r != 'x' {
				t.Errorf("missing = %q, want 'x' (spaces are never missing)", r)
			}
			if r := missing(f, []string{" \t" + string(tt.lacks)}); r != tt.lacks {
				t.Errorf("missing = %q, want %q", r, tt.lacks)
			}
		})
	}
	// the misaligned collection is refused by x/image as it is: the copy is needed
	coll, err := opentype.ParseCollection(testFont("华", 1))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := coll.Font(0); err == nil {
		t.Error("x/image reads a misaligned collection now; alignedFace may be dropped")
	}
	if alignedFace([]byte("ttcf\x00\x01\x00\x00\x00\x00\x00\x01\x00\x00\xff\xff"), 0) != nil {
		t.Error("a collection pointing past its end gave a face")
	}
}

// TestWithFont: inside withFont, Liberation Sans text is measured (and so
// drawn) with the font given: "成都" is two ems, 2 × 10 pt at 10 pt, where
// Liberation Sans draws two .notdef boxes narrower than that; after, the
// handler is gonum's again.
func TestWithFont(t *testing.T) {
	f, err := opentype.Parse(testFont("成都", 0))
	if err != nil {
		t.Fatal(err)
	}
	sans := font.Font{Typeface: "Liberation", Variant: "Sans", Size: 10}
	width := func(f font.Font) font.Length {
		face := plot.DefaultTextHandler.Cache().Lookup(f, 10)
		return face.Width("成都")
	}
	before := width(sans)
	if err := withFont(f, func() error {
		for _, st := range []font.Font{sans, {Typeface: "Liberation", Variant: "Sans", Weight: 700}} {
			if got := width(st); got != 20 {
				t.Errorf("%v: 成都 is %v pt wide, want 20", st, got)
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if after := width(sans); after != before || after == 20 {
		t.Errorf("after withFont 成都 is %v pt wide, before %v", after, before)
	}
	if missing(plainFace(), []string{"Cost per 1M tokens, all in (¥) 1×a100… ·–"}) != 0 {
		t.Error("Liberation Sans lacks a character of the English charts")
	}
	if r := missing(plainFace(), []string{"成都"}); r != '成' {
		t.Errorf("Liberation Sans has Chinese glyphs now (%q missing); the fallback may be dropped", r)
	}
}

func TestASCIICharts(t *testing.T) {
	charts := []chat.Chart{
		{ID: "quote_tco", Title: "Monthly TCO", XLabel: "vendor", Categories: []string{"华东智算", "V1", "成都算力"},
			Series: []chat.Series{{Name: "GPU time"}, {Name: "带宽"}}, Marks: []chat.Mark{{Category: 0, Label: "最便宜"}}},
		{ID: "quote_per_mtok", Title: "每百万token成本", YLabel: "元", Categories: []string{"成都算力", "A"}},
	}
	got, legend := asciiCharts(charts, plainFace())
	want := []chat.Chart{
		// V1 is a vendor's own name: the stand-ins skip it
		{ID: "quote_tco", Title: "Monthly TCO", XLabel: "vendor", Categories: []string{"V2", "V1", "V3"},
			Series: []chat.Series{{Name: "GPU time"}, {Name: "S1"}}, Marks: []chat.Mark{{Category: 0, Label: "M1"}}},
		// the same name, the same stand-in; a title falls back to the id
		{ID: "quote_per_mtok", Title: "quote_per_mtok", YLabel: "", Categories: []string{"V3", "A"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	if w := []string{"V2 = 华东智算", "V3 = 成都算力", "S1 = 带宽", "M1 = 最便宜"}; !reflect.DeepEqual(legend, w) {
		t.Errorf("legend %q, want %q", legend, w)
	}
	if charts[0].Categories[0] != "华东智算" || charts[0].Series[1].Name != "带宽" {
		t.Error("asciiCharts changed the reply's charts")
	}
}

func TestCJKFontPaths(t *testing.T) {
	env := func(k string) string {
		if k == "WINDIR" {
			return `D:\Win`
		}
		return ""
	}
	for _, tt := range []struct {
		goos string
		want string
	}{
		{"linux", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"},
		{"linux", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"},
		{"freebsd", "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"},
		{"darwin", "/System/Library/Fonts/PingFang.ttc"},
		{"windows", filepath.Join(`D:\Win`, "Fonts", "msyh.ttc")},
	} {
		if got := cjkFontPaths(tt.goos, env); !slices.Contains(got, tt.want) {
			t.Errorf("%s: %q not in %q", tt.goos, tt.want, got)
		}
	}
	if got := cjkFontPaths("windows", func(string) string { return "" })[0]; got != filepath.Join(`C:\Windows`, "Fonts", "msyh.ttc") {
		t.Errorf("windows without WINDIR: %q", got)
	}
}

// TestPNGChinese runs the CLI on PNG charts with Chinese labels: with a
// font that has the glyphs (GPUADVISOR_FONT, or one of the usual places)
// the PNG is drawn quietly; without, it is drawn with English labels and
// stand-ins, and stderr says so, names GPUADVISOR_FONT and .svg, and maps
// the stand-ins to the names.
func TestPNGChinese(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string { return writeTemp(t, dir, name, b) }
	// quote draws the vendors cheapest first: 华东智算 (29/h) before 成都算力 (35/h)
	quote := []string{"quote", "hours=300 cards=8 成都算力: price=35 tokens_s=21000; 华东智算: price=29 tokens_s=14000"}
	billing := []string{"billing", "ondemand=35", "monthly=15000", "hours=300"}
	latin := write("latin.ttf", testFont(ascii()+"¥×…·–", 0))
	cjk := write("cjk.ttc", testFont(ascii()+"¥×…·–华东智算成都力", 3))
	junk := write("junk.ttf", []byte("not a font"))
	for _, tt := range []struct {
		name   string
		argv   []string
		env    string   // GPUADVISOR_FONT
		known  []string // the usual places
		code   int
		stderr []string // all in stderr
		not    []string // none in stderr
	}{
		{"GPUADVISOR_FONT has the glyphs", append([]string{"--lang", "en", "--chart", "q.png"}, quote...), cjk, nil, 0,
			[]string{"Chart written to"}, []string{"warning", "V1"}},
		{"a usual font has them", append([]string{"--lang", "en", "--chart", "q.png"}, quote...), "", []string{filepath.Join(dir, "none.ttc"), junk, latin, cjk}, 0,
			[]string{"Chart written to"}, []string{"warning", "V1"}},
		{"no font: stand-ins, a legend and a warning", append([]string{"--lang", "en", "--chart", "q.png"}, quote...), "", nil, 0,
			[]string{"warning: no font with Chinese glyphs (none of the usual CJK fonts is installed)", "GPUADVISOR_FONT", ".svg",
				"labels in q.png: V1 = 华东智算, V2 = 成都算力\n", "Chart written to"}, nil},
		{"fonts without the glyphs are named", append([]string{"--lang", "en", "--chart", "q.png"}, quote...), latin, []string{latin}, 0,
			[]string{"GPUADVISOR_FONT=latin.ttf has no '华'", "V1 = 华东智算"}, nil},
		{"a Chinese reply without a font is drawn in English, in Chinese on stderr", append([]string{"--lang", "zh", "--chart", "b.png"}, billing...), "", nil, 0,
			[]string{"注意：没有含中文字形的字体", "GPUADVISOR_FONT", ".svg", "图表已写入"}, []string{"中的标签"}},
		{"an English reply in ASCII looks for no font", append([]string{"--lang", "en", "--chart", "b.png"}, billing...), junk, nil, 0,
			[]string{"Chart written to"}, []string{"warning", "GPUADVISOR_FONT"}},
		{"GPUADVISOR_FONT that is no font", append([]string{"--lang", "en", "--chart", "q.png"}, quote...), junk, nil, 2,
			[]string{"GPUADVISOR_FONT: junk.ttf: not a TrueType or OpenType font", ".ttf, .otf or .ttc", "example GPUADVISOR_FONT="}, []string{"Chart written"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			saved := knownFonts
			defer func() { knownFonts = saved }()
			knownFonts = func(func(string) string) []string { return tt.known }
			argv := slices.Clone(tt.argv)
			argv[3] = filepath.Join(dir, argv[3])
			os.Remove(argv[3])
			var out, errb bytes.Buffer
			code := Main(argv, &out, &errb, func(k string) string {
				switch k {
				case "GPUADVISOR_DB":
					return filepath.Join(dir, "db")
				case fontEnv:
					return tt.env
				}
				return ""
			})
			if code != tt.code {
				t.Fatalf("exit %d, want %d\nstderr %s", code, tt.code, errb.String())
			}
			stderr := strings.ReplaceAll(errb.String(), dir+string(filepath.Separator), "")
			for _, s := range tt.stderr {
				if !strings.Contains(stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr)
				}
			}
			for _, s := range tt.not {
				if strings.Contains(stderr, s) {
					t.Errorf("stderr has %q:\n%s", s, stderr)
				}
			}
			b, err := os.ReadFile(argv[3])
			if tt.code != 0 {
				if err == nil {
					t.Errorf("a chart was written")
				}
				return
			}
			if err != nil || !bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) || len(b) < 10000 {
				t.Errorf("not a drawn PNG: %d bytes, %v", len(b), err)
			}
		})
	}
}
