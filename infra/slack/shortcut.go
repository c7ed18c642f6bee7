package slack

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"strings"
	"time"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/advisor"
	"gpuadvisor/chat"
	"gpuadvisor/chat/form"
	"gpuadvisor/store"
)

// viewBudget bounds what runs before views.open: the trigger_id expires 3
// seconds after the user's action.
const viewBudget = 2 * time.Second

// langBudget bounds the users.info look-up of a modal's language.
const langBudget = 700 * time.Millisecond

// vendorRE finds a vendor= (供应商=, 厂商=) pair anywhere in a message.
var vendorRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:^|[\s,;，；(（])(?:vendor|供应商|厂商)\s*[=＝]\s*("[^"]+"|[^\s,;，；)）]+)`)
}}

// vendorOf takes a vendor= pair out of a message's text: the name, and the
// text without the pair.
func vendorOf(text string) (string, string) {
	loc := vendorRE.Get().FindStringSubmatchIndex(text)
	if loc == nil {
		return "", text
	}
	name := strings.Trim(text[loc[2]:loc[3]], `"`)
	start := loc[0]
	for start < loc[1] && !strings.HasPrefix(strings.ToLower(text[start:]), "vendor") &&
		!strings.HasPrefix(text[start:], "供应商") && !strings.HasPrefix(text[start:], "厂商") {
		start++ // keep the blank or mark before the pair
	}
	return name, strings.TrimSpace(text[:start] + " " + text[loc[1]:])
}

// messageText is a message's text as a command reads it: Slack's links and
// mentions as plain text, its &amp; &lt; &gt; undone, followed by the
// messages forwarded in it (sharedText).
func messageText(m slackapi.Message) string {
	text := commandText(m.Text)
	if sh := sharedText(m.Attachments); sh != "" {
		text = strings.TrimSpace(text + "\n" + sh)
	}
	return text
}

// sharedText is the text of the messages forwarded in a message, as a
// command reads it (commandText), one after the other. Slack puts a
// forwarded message (Forward, Share message) in the attachments, marked
// is_share, and leaves the message's own text to the comment typed with it,
// often none ("Message attachments" reference; slackapi/java-slack-sdk#1179
// shows one). A link to a message that Slack previews (is_msg_unfurl
// without is_share) was not forwarded and is left out.
func sharedText(atts []slackapi.Attachment) string {
	var parts []string
	for _, a := range atts {
		if !a.IsShare {
			continue
		}
		t := a.Text
		if strings.TrimSpace(t) == "" {
			t = a.Fallback
		}
		if t = commandText(t); t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, "\n")
}

// userLang is the language of user's Slack locale, asked within langBudget.
func (h *Handler) userLang(ctx context.Context, user string) chat.Lang {
	ctx, cancel := context.WithTimeout(ctx, langBudget)
	defer cancel()
	return h.poster.lang(ctx, user)
}

// messageAction answers a message shortcut. "Check vendor answer" runs
// `checklist check` on the message at once when the text names its
// vendor (vendor=), else opens a small form prefilled with the text that
// asks for it; "Check trial output" opens a form for what was promised,
// prefilled with the pasted output. views.open goes out at once, within
// the trigger's 3 seconds; the check runs on submission.
func (h *Handler) messageAction(ctx context.Context, tr *trace, ic slackapi.InteractionCallback) response {
	tr.kind = "message_action"
	var id string
	switch ic.CallbackID {
	case ShortcutCheckVendor:
		id = form.CheckVendor
	case ShortcutCheckTrial:
		id = form.CheckTrial
	default:
		tr.outcome = "ignored:shortcut_" + ic.CallbackID
		return response{status: http.StatusOK}
	}
	f, _ := form.Lookup(id)
	lang := h.userLang(ctx, ic.User.ID)
	text := messageText(ic.Message)
	thread := ic.Message.ThreadTimestamp
	if thread == "" {
		thread = ic.Message.Timestamp
	}
	o := origin{Channel: ic.Channel.ID, Thread: thread, Check: true}
	paste := f.Fields[len(f.Fields)-1].Key // the Paste field is last
	v := form.Values{paste: text}
	if id == form.CheckVendor {
		if vendor, rest := vendorOf(text); vendor != "" {
			if len(ic.Message.Files) > 0 { // answered now: its files are read now
				fctx, cancel := context.WithTimeout(ctx, viewBudget)
				rest = h.withFiles(fctx, rest, ic.Message.Files)
				cancel()
			}
			v = form.Values{"vendor": vendor, paste: rest}
			line, ferr := f.Text(h.names, lang, v)
			if ferr == nil && len(rest) <= maxPaste {
				return h.check(ctx, tr, ic, o, lang, line, f, v)
			}
		}
	}
	for _, fl := range ic.Message.Files {
		if isTextFile(fl) && len(o.Files) < maxFileRefs {
			o.Files = append(o.Files, fileRef{Name: fl.Name, URL: fl.URLPrivateDownload, Size: fl.Size})
		}
	}
	var notKept error
	if slackLen(text) > MaxInputValue {
		// too long for the modal: kept in the store for the submission
		// (never read again from the channel's history)
		if len(text) > store.MaxText {
			notKept = errTooLong
		} else if kid := newTextID(); h.keepText(ctx, ic, kid, text) == nil {
			o.Kept = kid
		} else {
			notKept = errors.New("the store failed")
		}
	}
	view := FormView(f, lang, v, o)
	if notKept != nil {
		view = notKeptNotice(lang, f, len([]rune(text)), notKept)
	}
	vctx, cancel := context.WithTimeout(ctx, viewBudget)
	defer cancel()
	if err := h.poster.OpenView(vctx, ic.TriggerID, view); err != nil {
		tr.outcome = "view_failed"
		h.log.Error("opening the check form failed", "form", id, "err", err)
		h.dropText(ctx, ic, o.Kept)
		return response{status: http.StatusOK}
	}
	if notKept != nil {
		h.log.Warn("a message shortcut's text was not kept; the user was told", "form", id, "chars", len([]rune(text)), "err", notKept)
		tr.outcome = "view_opened:not_kept"
		return response{status: http.StatusOK}
	}
	tr.outcome = "view_opened:" + id
	return response{status: http.StatusOK}
}

// maxPaste is the most text a check reads from a message: checklist
// check's own limit (100 KB); a longer text gets that command's error.
const maxPaste = 100 * 1024

// globalShortcut answers the "GPU advisor" shortcut with the menu of forms.
// It has no conversation: a form run from it answers in the user's DM.
func (h *Handler) globalShortcut(ctx context.Context, tr *trace, ic slackapi.InteractionCallback) response {
	tr.kind = "shortcut"
	if ic.CallbackID != ShortcutForms {
		tr.outcome = "ignored:shortcut_" + ic.CallbackID
		return response{status: http.StatusOK}
	}
	lang := h.userLang(ctx, ic.User.ID)
	ctx, cancel := context.WithTimeout(ctx, viewBudget)
	defer cancel()
	if err := h.poster.OpenView(ctx, ic.TriggerID, FormsMenu(lang, origin{})); err != nil {
		tr.outcome = "view_failed"
		h.log.Error("opening the forms menu failed", "err", err)
		return response{status: http.StatusOK}
	}
	tr.outcome = "view_opened:forms"
	return response{status: http.StatusOK}
}

// openForm answers an "Open as a form" button (under an answer, on the
// Home tab, in the forms menu): the form, prefilled from the command line
// the button carries, answering where the button was (the Home tab and the
// menu have no conversation: the DM).
func (h *Handler) openForm(ctx context.Context, tr *trace, ic slackapi.InteractionCallback, act *slackapi.BlockAction) response {
	tr.kind = "open_form"
	f, lang, asked, ok := form.ParseOpenValue(act.Value)
	if !ok {
		_, id, _ := strings.Cut(act.ActionID, "#")
		f, ok = form.Lookup(id)
	}
	if !ok || !h.names.Has(f) {
		tr.outcome = "ignored:no_form"
		return response{status: http.StatusOK}
	}
	var o origin
	switch {
	case ic.View.CallbackID == FormsCallbackID:
		o = decodeOrigin(ic.View.PrivateMetadata)
		lang = o.Lang
	case ic.View.CallbackID == HomeCallbackID || ic.View.Type == slackapi.VTHomeTab:
		// the DM
	default:
		o.Channel = ic.Channel.ID
		if o.Channel == "" {
			o.Channel = ic.Container.ChannelID
		}
		o.Thread = ic.Container.ThreadTs
	}
	if lang == "" {
		lang = h.userLang(ctx, ic.User.ID)
	}
	view := FormView(f, lang, form.Prefill(h.router, f, asked), o)
	ctx, cancel := context.WithTimeout(ctx, viewBudget)
	defer cancel()
	var err error
	if ic.View.CallbackID == FormsCallbackID && ic.View.ID != "" {
		err = h.poster.UpdateView(ctx, ic.View.ID, ic.View.Hash, view)
	} else {
		err = h.poster.OpenView(ctx, ic.TriggerID, view)
	}
	if err != nil {
		tr.outcome = "view_failed"
		h.log.Error("opening a form failed", "form", f.ID, "err", err)
		return response{status: http.StatusOK}
	}
	tr.outcome = "view_opened:" + f.ID
	return response{status: http.StatusOK}
}

// viewSubmission answers a submitted form: the command line it stands for
// runs through the router; a value the command refuses is shown on its
// field (response_action errors, the chat error's message and example, in
// the form's language) and nothing is posted; otherwise the answer goes to
// the conversation the form came from (the DM when none), with the command
// line, and the modal closes.
func (h *Handler) viewSubmission(ctx context.Context, tr *trace, ic slackapi.InteractionCallback) response {
	tr.kind = "view_submission"
	tr.team = ic.Team.ID
	f, ok := form.Lookup(ic.View.CallbackID)
	if !ok || !strings.HasPrefix(ic.View.CallbackID, form.CallbackPrefix) {
		tr.outcome = "ignored:view_" + ic.View.CallbackID
		return response{status: http.StatusOK}
	}
	o := decodeOrigin(ic.View.PrivateMetadata)
	lang := o.Lang
	if lang == "" {
		lang = chat.EN
	}
	v := viewValues(ic.View.State)
	if o.Kept != "" {
		// the message's text did not fit the form: it was kept in the store
		paste := f.Fields[len(f.Fields)-1]
		if paste.Kind == form.Paste && strings.TrimSpace(v[paste.Key]) == "" {
			text, err := h.keptText(ctx, ic, o.Kept)
			if err != nil {
				h.log.Warn("reading a kept text failed", "err", err)
				return fieldErrors(tr, []form.FieldError{{ID: f.Fields[0].Key, Message: keptTextError(lang, err)}})
			}
			v[paste.Key] = text
		}
	}
	if len(o.Files) > 0 {
		// the message's files, after what the form holds
		paste := f.Fields[len(f.Fields)-1].Key
		var files []slackapi.File
		for _, fr := range o.Files {
			files = append(files, slackapi.File{Name: fr.Name, URLPrivateDownload: fr.URL, Size: fr.Size, Mode: "snippet"})
		}
		v[paste] = h.withFiles(ctx, v[paste], files)
	}
	if miss := f.Missing(lang, v); len(miss) > 0 {
		return fieldErrors(tr, miss)
	}
	text, ferr := f.Text(h.names, lang, v)
	if ferr != nil {
		return fieldErrors(tr, []form.FieldError{*ferr})
	}
	if o.Check {
		return h.check(ctx, tr, ic, o, lang, text, f, v)
	}
	channel := o.Channel
	if channel == "" {
		channel = ic.User.ID // the app's DM with the user
	}
	req := chat.Request{Text: text, Lang: lang, Platform: "slack", Tenant: "slack:" + ic.Team.ID, Channel: channel, User: ic.User.ID}
	var refused *chat.Error
	res := h.answer(ctx, tr, chat.Delivery{Key: viewKey(ic), Request: req, JobID: ic.TriggerID,
		Target: chat.Target{Channel: channel, ThreadTS: o.Thread},
		Deliver: func(ctx context.Context, rep chat.Reply, out chat.Outcome) error {
			if rep.Error != nil && out == chat.Answered {
				refused = rep.Error // shown on its field, not posted
				return nil
			}
			rep = form.WithCommandLine(rep, lang, text)
			return h.postForm(ctx, channel, ic.User.ID, o.Thread, rep)
		}})
	if refused != nil {
		fe := f.Field(lang, v, refused)
		return fieldErrors(tr, []form.FieldError{fe})
	}
	if res.Outcome == chat.PostFailed {
		h.log.Error("posting a form's answer failed", "command", res.Reply.Command, "err", res.Err)
		return fieldErrors(tr, []form.FieldError{{ID: f.Inputs()[0].ID, Message: chat.T(lang,
			"The answer could not be posted; please try again.", "回复发送失败，请重试。")}})
	}
	return response{status: http.StatusOK} // an empty 200 closes the modal
}

// postForm posts a form's answer where it was opened: visible in the
// channel (its thread), or only to the user when it is private; where the
// bot may not post, only to the user, else in the DM.
func (h *Handler) postForm(ctx context.Context, channel, user, thread string, rep chat.Reply) error {
	if rep.Private && channel != user {
		if err := h.poster.PostEphemeral(ctx, channel, user, thread, rep); err == nil {
			return nil
		}
		return h.poster.Post(ctx, chat.Target{Channel: user}, rep)
	}
	_, err := h.poster.post(ctx, chat.Target{Channel: channel, ThreadTS: thread}, rep)
	if err == nil || channel == user {
		return err
	}
	h.log.Warn("form answer not posted in the channel; showing it to the user", "err", err)
	if err := h.poster.PostEphemeral(ctx, channel, user, thread, rep); err == nil {
		return nil
	}
	return h.poster.Post(ctx, chat.Target{Channel: user}, rep)
}

// viewKey de-duplicates a view submission (each carries its own trigger).
func viewKey(ic slackapi.InteractionCallback) string {
	if ic.TriggerID == "" {
		return ""
	}
	return "slack:view:" + ic.TriggerID
}

// fieldErrors is a view_submission answer showing messages on their inputs.
func fieldErrors(tr *trace, errs []form.FieldError) response {
	m := map[string]string{}
	for _, e := range errs {
		if _, dup := m[e.ID]; !dup {
			m[e.ID] = cut(e.Message, maxInputLabelLen)
		}
	}
	tr.outcome = "field_errors"
	return jsonResponse(slackapi.NewErrorsViewSubmissionResponse(m))
}

// check runs a message check (checklist check, trial check) and shows the
// answer to the user only, in the message's thread, with a Share button.
// The text kept for the form (o.Kept) is dropped once the check is
// answered, or replaced by the command line when the Share button needs
// it; a refusal shown on a field keeps it, for the corrected submission.
func (h *Handler) check(ctx context.Context, tr *trace, ic slackapi.InteractionCallback, o origin, lang chat.Lang, text string, f *form.Form, v form.Values) response {
	req := chat.Request{Text: text, Lang: lang, Platform: "slack", Tenant: "slack:" + ic.Team.ID, Channel: o.Channel, User: ic.User.ID}
	var refused *chat.Error
	isView := ic.Type == slackapi.InteractionTypeViewSubmission
	shareKept := false // o.Kept now holds the command line a Share button runs
	answered := false  // this request delivered the answer (not a duplicate)
	res := h.answer(ctx, tr, chat.Delivery{Key: viewKey(ic), Request: req, JobID: ic.TriggerID,
		Target: chat.Target{Channel: o.Channel, ThreadTS: o.Thread},
		Deliver: func(ctx context.Context, rep chat.Reply, out chat.Outcome) error {
			if isView && rep.Error != nil && out == chat.Answered {
				refused = rep.Error
				return nil
			}
			answered = true
			if rep.Error == nil {
				b, kept, err := h.shareButton(ctx, ic, lang, o, text)
				switch {
				case err != nil:
					h.log.Warn("the check's text was not kept for its Share button", "err", err)
					rep.Warnings = append(rep.Warnings, chat.T(lang,
						"Share in channel is not offered: the check's text could not be kept (the store failed). Run the check again to share it.",
						"未提供「分享到频道」：无法保存这次检查的文本（存储出错）。如需分享，请重新运行检查。"))
				default:
					rep.Buttons = append(rep.Buttons, b)
					shareKept = shareKept || kept
				}
			}
			rep.Private = true
			err := h.poster.PostEphemeral(ctx, o.Channel, ic.User.ID, o.Thread, rep)
			if err != nil && ic.ResponseURL != "" {
				h.log.Warn("check answer not posted in the thread; answering on the response_url", "err", err)
				err = h.poster.Post(ctx, chat.Target{ResponseURL: ic.ResponseURL}, rep)
			}
			if err != nil {
				err = h.poster.Post(ctx, chat.Target{Channel: ic.User.ID}, rep)
			}
			return err
		}})
	if refused != nil {
		return fieldErrors(tr, []form.FieldError{f.Field(lang, v, refused)})
	}
	if res.Outcome == chat.PostFailed {
		h.log.Error("posting a check's answer failed", "err", res.Err)
	}
	if isView && answered && !shareKept {
		h.dropText(ctx, ic, o.Kept)
	}
	return response{status: http.StatusOK}
}

// share is what a Share button carries: the thread, the language, and the
// command line when it fits a button's value; else the id of the command
// line kept in the store (store.Texts, under the user's key).
type share struct {
	Channel string    `json:"c"`
	Thread  string    `json:"t,omitempty"`
	Lang    chat.Lang `json:"l,omitempty"`
	Text    string    `json:"x,omitempty"`
	Kept    string    `json:"k,omitempty"`
}

// shareButton is the Share button of a check's answer. A command line too
// long for a button's value is kept in the store under o.Kept (a fresh id
// when the check ran at once): kept reports that; err that it could not be.
func (h *Handler) shareButton(ctx context.Context, ic slackapi.InteractionCallback, lang chat.Lang, o origin, text string) (b chat.Button, kept bool, err error) {
	s := share{Channel: o.Channel, Thread: o.Thread, Lang: lang, Text: text}
	v, _ := json.Marshal(s)
	if slackLen(string(v)) > MaxButtonValue {
		s = share{Channel: o.Channel, Thread: o.Thread, Lang: lang, Kept: o.Kept}
		if s.Kept == "" {
			s.Kept = newTextID()
		}
		if err := h.keepText(ctx, ic, s.Kept, text); err != nil {
			return chat.Button{}, false, err
		}
		v, _ = json.Marshal(s)
		kept = true
	}
	return chat.Button{Action: ActionShare, Label: chat.T(lang, "Share in channel", "分享到频道"), Value: string(v)}, kept, nil
}

// shareCheck answers a Share button: the check runs again (it is
// deterministic) and is posted in the thread for everyone. A kept command
// line is read from the store, and dropped once shared; when it is gone the
// user is told, only them.
func (h *Handler) shareCheck(ctx context.Context, tr *trace, ic slackapi.InteractionCallback, act *slackapi.BlockAction) response {
	tr.kind = "share"
	var s share
	if err := json.Unmarshal([]byte(act.Value), &s); err != nil || s.Channel == "" {
		tr.outcome = "bad share value"
		return response{status: http.StatusOK}
	}
	lang := s.Lang
	if lang == "" {
		lang = chat.EN
	}
	text := s.Text
	if text == "" {
		var err error
		if s.Kept == "" {
			err = store.ErrNotFound // a button from before texts were kept
		} else {
			text, err = h.keptText(ctx, ic, s.Kept)
		}
		if err != nil {
			h.log.Warn("share: reading the kept text failed", "err", err)
			tr.outcome = "share_not_kept"
			msg := chat.T(lang,
				"This check can no longer be shared: its text is kept for 24 hours, and only until it is shared once. Use the shortcut on the message again.",
				"这次检查已无法分享：文本最多保留 24 小时，且只能分享一次。请在消息上重新使用快捷方式。")
			if !errors.Is(err, store.ErrNotFound) {
				msg = chat.T(lang, "The check's text could not be read just now (the store failed). Press Share again in a moment.",
					"暂时无法读取这次检查的文本（存储出错）。请稍后再点「分享」。")
			}
			h.tell(ctx, ic, s, chat.Reply{Command: "checklist", Lang: lang, Summary: msg, Private: true})
			return response{status: http.StatusOK}
		}
	}
	req := chat.Request{Text: text, Platform: "slack", Tenant: "slack:" + ic.Team.ID, Channel: s.Channel, User: ic.User.ID}
	res := h.answer(ctx, tr, chat.Delivery{Key: triggerKey(ic.TriggerID), Request: req, JobID: ic.TriggerID,
		Deliver: func(ctx context.Context, rep chat.Reply, _ chat.Outcome) error {
			rep.Private = false
			_, err := h.poster.post(ctx, chat.Target{Channel: s.Channel, ThreadTS: s.Thread}, rep)
			if err != nil && ic.ResponseURL != "" {
				// the bot may not post there: in the channel by the response_url
				rep.Private = false
				return h.poster.Post(ctx, chat.Target{ResponseURL: ic.ResponseURL}, rep)
			}
			return err
		}})
	if res.Outcome == chat.PostFailed {
		h.log.Error("sharing a check failed", "err", res.Err)
		return response{status: http.StatusOK}
	}
	h.dropText(ctx, ic, s.Kept)
	return response{status: http.StatusOK}
}

// tell shows rep to the user who pressed a button on a check's answer: in
// the thread, or on the response_url.
func (h *Handler) tell(ctx context.Context, ic slackapi.InteractionCallback, s share, rep chat.Reply) {
	err := h.poster.PostEphemeral(ctx, s.Channel, ic.User.ID, s.Thread, rep)
	if err != nil && ic.ResponseURL != "" {
		err = h.poster.Post(ctx, chat.Target{ResponseURL: ic.ResponseURL}, rep)
	}
	if err != nil {
		h.log.Error("telling the user failed", "err", err)
	}
}

// blockSuggestion answers an external select as the user types: the model
// presets matching the query.
func (h *Handler) blockSuggestion(tr *trace, ic slackapi.InteractionCallback) response {
	tr.kind = "block_suggestion"
	tr.team = ic.Team.ID
	var opts []*slackapi.OptionBlockObject
	if ic.BlockID == "model" {
		for _, o := range form.SearchModels(ic.Value, MaxOptions) {
			opts = append(opts, slackapi.NewOptionBlockObject(o.Value, plain(cut(o.EN+" ("+o.Value+")", 75)), nil))
		}
	}
	tr.outcome = "options"
	return jsonResponse(slackapi.OptionsResponse{Options: opts})
}

// offerForm adds an "Open as a form" button under the answer (or the
// refusal) of a command that has a form.
func (h *Handler) offerForm(rep chat.Reply) chat.Reply { return form.Offer(rep, h.names) }
