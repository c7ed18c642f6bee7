package slack

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	slackapi "github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"

	"gpuadvisor/chat"
)

// HomeCallbackID names the App Home view, so that a button pressed on it is
// told apart from one under a message.
const HomeCallbackID = "gpuadvisor_home"

// home answers app_home_opened on the Home tab: the `home` command, run
// through the same pipeline as every request (verified, de-duplicated by
// event id) for the person who opened it, in the language of their Slack
// locale, and published as their Home tab with views.publish. Its scope is
// the team's team-wide renewals and prices plus the person's DM with the
// app (the event's channel), where a renewal added in that DM lives. The
// Messages tab (tab "messages") is ignored.
func (h *Handler) home(ctx context.Context, tr *trace, cb *slackevents.EventsAPICallbackEvent, e *slackevents.AppHomeOpenedEvent) response {
	tr.kind = "app_home_opened"
	if e.Tab != "home" || e.User == "" {
		tr.outcome = "ignored:tab_" + e.Tab
		return response{status: http.StatusOK}
	}
	channel := e.Channel
	if channel == "" {
		channel = e.User // the app's DM with the user, as chat.postMessage reads it
	}
	key := ""
	if cb.EventID != "" {
		key = "slack:event:" + cb.EventID
	}
	req := chat.Request{Text: "home", Lang: h.poster.lang(ctx, e.User), Platform: "slack", Tenant: "slack:" + cb.TeamID, Channel: channel, User: e.User}
	res := h.answer(ctx, tr, chat.Delivery{Key: key, Request: req, JobID: cb.EventID,
		Deliver: func(ctx context.Context, rep chat.Reply, _ chat.Outcome) error {
			err := h.poster.PublishHome(ctx, e.User, channel, rep)
			if err != nil {
				h.log.Error("publishing the home tab failed", "err", err)
			}
			return err
		}})
	switch res.Outcome {
	case chat.DedupeFailed, chat.InProgress, chat.PostFailed:
		return response{status: http.StatusInternalServerError}
	}
	return response{status: http.StatusOK}
}

// PublishHome shows rep as user's Home tab (views.publish). channel, the
// user's DM with the app, rides along as the view's private_metadata: a
// button pressed on the tab answers there.
func (p *Poster) PublishHome(ctx context.Context, user, channel string, rep chat.Reply) error {
	rep.Private = false // a Home tab is the user's own: no "only you" note
	msg := Render(rep)
	blocks := append(msg.Blocks, homeForms(rep.Lang)...)
	view := slackapi.HomeTabViewRequest{Type: slackapi.VTHomeTab, Blocks: slackapi.Blocks{BlockSet: blocks},
		PrivateMetadata: channel, CallbackID: HomeCallbackID}
	if _, err := p.api.PublishViewContext(ctx, slackapi.PublishViewContextRequest{UserID: user, View: view}); err != nil {
		return fmt.Errorf("views.publish home for %s: %w", user, err)
	}
	return nil
}

// lang is the language of user's Slack locale (users.info): Chinese for
// zh-CN and zh-TW, English otherwise and when Slack cannot say.
func (p *Poster) lang(ctx context.Context, user string) chat.Lang {
	u, err := p.api.GetUserInfoContext(ctx, user)
	if err == nil && strings.HasPrefix(strings.ToLower(u.Locale), "zh") {
		return chat.ZH
	}
	return chat.EN
}

// homeChannel is where a button pressed on the Home tab answers: the DM
// channel the tab was published with, else the user's DM; ok is false for
// a button anywhere else.
func homeChannel(ic slackapi.InteractionCallback) (string, bool) {
	if ic.View.CallbackID != HomeCallbackID && ic.View.Type != slackapi.VTHomeTab {
		return "", false
	}
	if ic.View.PrivateMetadata != "" {
		return ic.View.PrivateMetadata, true
	}
	return ic.User.ID, true
}
