package slack

import (
	"encoding/json"
	"fmt"
	"strings"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/chat"
	"gpuadvisor/chat/form"
)

// Limits of a modal (Block Kit reference, "Modals" and "Input block";
// docs/platforms.md#slack-shortcuts-and-modals).
const (
	MaxModalTitle    = 24   // characters of a modal's title, submit and close
	MaxModalBlocks   = 100  // blocks in a modal
	MaxMetadata      = 3000 // characters of private_metadata
	MaxInputValue    = 3000 // characters a plain_text_input holds
	MaxPlaceholder   = 150  // characters of a placeholder
	MaxOptions       = 100  // options of a select, or of a block_suggestion answer
	formValueAction  = "value"
	maxInputLabelLen = 2000
)

// FormsCallbackID is the view the global shortcut opens: a menu of forms.
const FormsCallbackID = "gpuadvisor_forms"

// The shortcuts of the app manifest (infra/slack-app-manifest.yaml).
const (
	// ShortcutCheckVendor is the message shortcut "Check vendor answer".
	ShortcutCheckVendor = "check_vendor_answer"
	// ShortcutCheckTrial is the message shortcut "Check trial output".
	ShortcutCheckTrial = "check_trial_output"
	// ShortcutForms is the global shortcut "GPU advisor".
	ShortcutForms = "gpuadvisor_forms"
)

// Button action ids of the forms and the checks.
const (
	// ActionOpenForm opens the form its value names (a form id, optionally
	// followed by a line break and the command line to prefill it from).
	ActionOpenForm = form.ActionOpen
	// ActionShare posts a check answered only to the user in the channel.
	ActionShare = "share_in_channel"
)

// origin is what a view carries in private_metadata: where its answer goes
// and what it was opened on. JSON, at most MaxMetadata characters.
type origin struct {
	// Channel and Thread are the conversation and thread the answer goes
	// to; no channel: the user's DM with the app.
	Channel string `json:"c,omitempty"`
	Thread  string `json:"t,omitempty"`
	// Kept is the id of the message's text kept in the store (store.Texts)
	// when it did not fit the modal: the submission reads it there.
	Kept string `json:"kt,omitempty"`
	// Lang is the language of the modal.
	Lang chat.Lang `json:"l,omitempty"`
	// Check marks a message check: answered to the user only, in the
	// thread, with a Share button.
	Check bool `json:"k,omitempty"`
	// Files are the message's text files, read on submission (not before
	// views.open: the trigger expires in 3 seconds).
	Files []fileRef `json:"f,omitempty"`
}

// fileRef is an attached file as a view carries it.
type fileRef struct {
	Name string `json:"n"`
	URL  string `json:"u"`
	Size int    `json:"s,omitempty"`
}

// maxFileRefs bounds the files a view carries (private_metadata holds 3,000
// characters).
const maxFileRefs = 5

func (o origin) encode() string {
	b, _ := json.Marshal(o)
	return string(b)
}

func decodeOrigin(s string) origin {
	var o origin
	if json.Unmarshal([]byte(s), &o) != nil {
		return origin{}
	}
	return o
}

// FormView renders a form as a modal: one input block per field, block_id
// the field's key (vendor_N_<key> for a quote's rows), action_id "value";
// text fields prefilled from v, selects with their option chosen, the date
// picker with its date; a model picker that searches the presets as the
// user types (external select, answered by block_suggestion). o rides in
// private_metadata. A Paste field whose text is longer than a modal input
// holds is left out and named in a context line instead: the text is kept
// in the store (o.Kept) and read there on submission; such a modal asks
// for view_closed (notify_on_close), so that a cancel drops the text.
func FormView(f *form.Form, lang chat.Lang, v form.Values, o origin) slackapi.ModalViewRequest {
	o.Lang = lang
	var blocks []slackapi.Block
	for _, in := range f.Inputs() {
		if f.Rows != nil && in.Row > 0 && in.ID == f.Rows.RowID(in.Row, f.Rows.Fields[0].Key) {
			blocks = append(blocks, slackapi.NewHeaderBlock(plain(f.Rows.RowTitle(lang, in.Row))))
		}
		val := v[in.ID]
		if in.Field.Kind == form.Paste && slackLen(val) > MaxInputValue {
			blocks = append(blocks, slackapi.NewContextBlock("", mrkdwn(Escape(fmt.Sprintf(chat.T(lang,
				"%s: the message's text (%d characters) is checked as posted; it is too long to show here.",
				"%s：消息原文（%d 个字符）按原样检查；太长，这里不显示。"), in.Field.Label(lang), len([]rune(val)))))))
			continue
		}
		blocks = append(blocks, inputBlock(in, lang, val))
	}
	if len(o.Files) > 0 {
		var names []string
		for _, fr := range o.Files {
			names = append(names, fr.Name)
		}
		blocks = append(blocks, slackapi.NewContextBlock("", mrkdwn(Escape(fmt.Sprintf(chat.T(lang,
			"Attached: %s. It is read as pasted text when you press Run.",
			"附件：%s。点「运行」时按粘贴的文本读取。"), strings.Join(names, ", "))))))
	}
	return slackapi.ModalViewRequest{
		Type:            slackapi.VTModal,
		CallbackID:      f.CallbackID(),
		Title:           plain(cut(f.Title(lang), MaxModalTitle)),
		Submit:          plain(chat.T(lang, "Run", "运行")),
		Close:           plain(chat.T(lang, "Cancel", "取消")),
		Blocks:          slackapi.Blocks{BlockSet: blocks},
		PrivateMetadata: o.encode(),
		NotifyOnClose:   o.Kept != "",
	}
}

func inputBlock(in form.Input, lang chat.Lang, val string) *slackapi.InputBlock {
	fl := in.Field
	ph := plain(cut(chat.T(lang, "e.g. ", "例如 ")+fl.ExampleIn(lang), MaxPlaceholder))
	var el slackapi.BlockElement
	switch fl.Kind {
	case form.Select:
		var opts []*slackapi.OptionBlockObject
		var initial *slackapi.OptionBlockObject
		for _, o := range fl.Options {
			ob := slackapi.NewOptionBlockObject(o.Value, plain(o.Label(lang)), nil)
			opts = append(opts, ob)
			if strings.EqualFold(o.Value, val) {
				initial = ob
			}
		}
		s := slackapi.NewOptionsSelectBlockElement(slackapi.OptTypeStatic, ph, formValueAction, opts...)
		s.InitialOption = initial
		el = s
	case form.External:
		s := slackapi.NewOptionsSelectBlockElement(slackapi.OptTypeExternal, ph, formValueAction)
		zero := 0
		s.MinQueryLength = &zero
		if val != "" {
			s.InitialOption = slackapi.NewOptionBlockObject(val, plain(val), nil)
		}
		el = s
	case form.Date:
		d := slackapi.NewDatePickerBlockElement(formValueAction)
		d.Placeholder = ph
		if form.IsDate(val) {
			d.InitialDate = val // anything else would make Slack refuse the view
		}
		el = d
	default:
		t := slackapi.NewPlainTextInputBlockElement(ph, formValueAction)
		t.InitialValue = val
		t.Multiline = fl.Kind == form.Paste
		if fl.Kind == form.Paste {
			t.MaxLength = MaxInputValue
		}
		el = t
	}
	var hint *slackapi.TextBlockObject
	if h := fl.Hint(lang); h != "" {
		hint = plain(cut(h, maxInputLabelLen))
	}
	b := slackapi.NewInputBlock(in.ID, plain(cut(fl.Label(lang), maxInputLabelLen)), hint, el)
	b.Optional = !fl.Required && !(in.Row == 1 && in.Field.Key == "name")
	return b
}

// FormsMenu is the view the global shortcut opens: a button per form.
func FormsMenu(lang chat.Lang, o origin) slackapi.ModalViewRequest {
	o.Lang = lang
	var buttons []slackapi.BlockElement
	for _, f := range form.Menu() {
		buttons = append(buttons, slackapi.NewButtonBlockElement(ActionOpenForm+"#"+f.ID, f.ID, plain(f.Title(lang))))
	}
	return slackapi.ModalViewRequest{
		Type:       slackapi.VTModal,
		CallbackID: FormsCallbackID,
		Title:      plain(cut(chat.T(lang, "GPU advisor", "GPU 顾问"), MaxModalTitle)),
		Close:      plain(chat.T(lang, "Close", "关闭")),
		Blocks: slackapi.Blocks{BlockSet: []slackapi.Block{
			slackapi.NewSectionBlock(mrkdwn(Escape(chat.T(lang,
				"Pick a form. It builds the command line for you, runs it, and shows the command so you can type it next time.",
				"选择一个表单。它会替你拼出命令、运行，并显示这条命令，下次可以直接输入。"))), nil, nil),
			slackapi.NewActionBlock("forms", buttons...),
		}},
		PrivateMetadata: o.encode(),
	}
}

// viewValues reads a submitted view's state: each input's value by block
// id (a select's chosen value, a date picker's date).
func viewValues(st *slackapi.ViewState) form.Values {
	v := form.Values{}
	if st == nil {
		return v
	}
	for block, acts := range st.Values {
		a, ok := acts[formValueAction]
		if !ok {
			continue
		}
		switch {
		case a.SelectedOption.Value != "":
			v[block] = a.SelectedOption.Value
		case a.SelectedDate != "":
			v[block] = a.SelectedDate
		default:
			v[block] = a.Value
		}
	}
	return v
}

// cut shortens s to n characters (UTF-16 units, as Slack counts), with an
// ellipsis.
func cut(s string, n int) string {
	t, _ := fit(s, n)
	return t
}

// homeForms are the Home tab's form buttons: a heading and a button per
// form, each opening it (answered in the user's DM).
func homeForms(lang chat.Lang) []slackapi.Block {
	var buttons []slackapi.BlockElement
	for _, f := range form.Menu() {
		buttons = append(buttons, slackapi.NewButtonBlockElement(ActionOpenForm+"#"+f.ID, form.OpenValue(f, lang, ""), plain(f.Title(lang))))
	}
	return []slackapi.Block{
		slackapi.NewSectionBlock(mrkdwn("*"+chat.T(lang, "Forms", "表单")+"*  "+Escape(chat.T(lang,
			"fill in the fields instead of typing key=value",
			"填表代替手写 参数=值"))), nil, nil),
		slackapi.NewActionBlock("gpuadvisor_forms", buttons...),
	}
}
