package chat

import (
	"strings"
	"unicode/utf8"

	"gpuadvisor/advisor"
)

// pinyinOf is the toneless pinyin of the characters the Chinese command
// words and keys are written with (按需 anxu, 包月 baoyue, 时长 shichang), so
// that a word typed in pinyin with the input method off is pointed to
// the word it spells. A character of more than one reading has the one
// these words use (长 chang in 时长, 重 chong in 重启, 率 lv).
var pinyinOf = advisor.Lazy[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"像": "xiang", "元": "yuan", "免": "mian", "入": "ru", "初": "chu", "吐": "tu", "吞": "tun", "安": "an", "开": "kai", "技": "ji", "押": "ya", "持": "chi", "授": "shou", "支": "zhi", "术": "shu", "权": "quan", "署": "shu", "行": "xing", "装": "zhuang", "许": "xu", "证": "zheng", "运": "yun", "退": "tui", "金": "jin", "镜": "jing", "额": "e",
		"上": "shang", "下": "xia", "不": "bu", "中": "zhong", "主": "zhu", "么": "me", "云": "yun", "互": "hu",
		"享": "xiang", "仅": "jin", "付": "fu", "令": "ling", "件": "jian", "价": "jia", "优": "you", "余": "yu",
		"作": "zuo", "你": "ni", "使": "shi", "供": "gong", "保": "bao", "修": "xiu", "倍": "bei", "偿": "chang",
		"储": "chu", "全": "quan", "公": "gong", "共": "gong", "内": "nei", "出": "chu", "分": "fen", "列": "lie",
		"删": "shan", "利": "li", "到": "dao", "前": "qian", "剩": "sheng", "力": "li", "加": "jia", "动": "dong",
		"助": "zhu", "包": "bao", "化": "hua", "区": "qu", "单": "dan", "占": "zhan", "卡": "ka", "厂": "chang",
		"参": "can", "发": "fa", "只": "zhi", "可": "ke", "台": "tai", "号": "hao", "合": "he", "同": "tong",
		"名": "ming", "吗": "ma", "含": "han", "启": "qi", "周": "zhou", "命": "ming", "咨": "zi", "响": "xiang",
		"商": "shang", "嗨": "hai", "器": "qi", "团": "tuan", "围": "wei", "在": "zai", "地": "di", "场": "chang",
		"型": "xing", "域": "yu", "增": "zeng", "备": "bei", "外": "wai", "大": "da", "天": "tian", "头": "tou",
		"好": "hao", "存": "cun", "完": "wan", "实": "shi", "审": "shen", "家": "jia", "容": "rong", "宽": "kuan",
		"寸": "cun", "对": "dui", "小": "xiao", "尺": "chi", "尽": "jin", "层": "ceng", "崩": "beng", "工": "gong",
		"币": "bi", "市": "shi", "带": "dai", "帮": "bang", "平": "ping", "年": "nian", "并": "bing", "序": "xu",
		"应": "ying", "度": "du", "建": "jian", "式": "shi", "张": "zhang", "忙": "mang", "快": "kuai",
		"怎": "zen", "总": "zong", "您": "nin", "情": "qing", "意": "yi", "扣": "kou", "批": "pi", "折": "zhe",
		"抢": "qiang", "报": "bao", "拟": "ni", "指": "zhi", "按": "an", "换": "huan", "据": "ju", "排": "pai",
		"提": "ti", "收": "shou", "改": "gai", "故": "gu", "数": "shu", "整": "zheng", "文": "wen", "断": "duan",
		"新": "xin", "方": "fang", "日": "ri", "时": "shi", "明": "ming", "显": "xian", "更": "geng", "最": "zui",
		"月": "yue", "期": "qi", "本": "ben", "机": "ji", "条": "tiao", "析": "xi", "查": "cha", "核": "he",
		"格": "ge", "梯": "ti", "检": "jian", "模": "mo", "次": "ci", "款": "kuan", "段": "duan", "毁": "hui",
		"每": "mei", "比": "bi", "汇": "hui", "法": "fa", "注": "zhu", "流": "liu", "测": "ce", "添": "tian",
		"清": "qing", "点": "dian", "照": "zhao", "版": "ban", "率": "lv", "现": "xian", "用": "yong", "目": "mu",
		"看": "kan", "知": "zhi", "短": "duan", "硬": "ying", "确": "que", "示": "shi", "种": "zhong", "租": "zu",
		"秩": "zhi", "称": "cheng", "移": "yi", "竞": "jing", "算": "suan", "类": "lei", "精": "jing", "约": "yue",
		"线": "xian", "练": "lian", "络": "luo", "续": "xu", "维": "wei", "缓": "huan", "编": "bian", "网": "wang",
		"置": "zhi", "考": "kao", "联": "lian", "范": "fan", "草": "cao", "菜": "cai", "藏": "cang", "虑": "lv",
		"补": "bu", "表": "biao", "要": "yao", "见": "jian", "规": "gui", "计": "ji", "认": "ren", "训": "xun",
		"设": "she", "词": "ci", "试": "shi", "询": "xun", "详": "xiang", "说": "shuo", "调": "diao", "负": "fu",
		"账": "zhang", "货": "huo", "费": "fei", "赔": "pei", "起": "qi", "轮": "lun", "载": "zai", "较": "jiao",
		"辑": "ji", "迁": "qian", "选": "xuan", "途": "tu", "通": "tong", "邮": "you", "部": "bu", "配": "pei",
		"醒": "xing", "重": "chong", "量": "liang", "销": "xiao", "长": "chang", "问": "wen", "间": "jian",
		"队": "dui", "阶": "jie", "际": "ji", "限": "xian", "除": "chu", "隐": "yin", "障": "zhang", "集": "ji",
		"需": "xu", "页": "ye", "项": "xiang", "题": "ti", "馈": "kui", "首": "shou", "驱": "qu", "验": "yan",
	}
}}

// Pinyin is word in toneless pinyin, its ASCII kept lower-cased (kv头 is
// kvtou); ok is false when a character of it is not in the table.
func Pinyin(word string) (string, bool) {
	table := pinyinOf.Get()
	var b strings.Builder
	for _, r := range word {
		if r < utf8.RuneSelf {
			b.WriteRune(r)
			continue
		}
		p, ok := table[string(r)]
		if !ok {
			return "", false
		}
		b.WriteString(p)
	}
	return strings.ToLower(b.String()), true
}

// PinyinMatches are the candidates written in Chinese whose pinyin is typed
// (anxu is 按需; a letter off or a u for ü is still read: baoyu, liyonglu),
// in the order given; none when typed is not ASCII letters or none is near.
func PinyinMatches(typed string, cands []string) []string {
	t := strings.ToLower(strings.NewReplacer("_", "", "-", "", " ", "", "'", "").Replace(strings.TrimSpace(typed)))
	if len(t) < 3 || strings.Trim(t, "abcdefghijklmnopqrstuvwxyz") != "" {
		return nil
	}
	best, out := 2, []string(nil)
	for _, c := range cands {
		if !HasHan(c) {
			continue
		}
		p, ok := Pinyin(c)
		if !ok {
			continue
		}
		d := advisor.EditDistance(t, strings.ReplaceAll(p, "lv", "lu"))
		if e := advisor.EditDistance(t, p); e < d {
			d = e
		}
		if d > 1 || d == 1 && len(t) < 5 {
			continue
		}
		switch {
		case d < best:
			best, out = d, []string{c}
		case d == best:
			out = append(out, c)
		}
	}
	return out
}
