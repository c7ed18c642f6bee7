package dynamo

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/store"
)

var _ store.Settings = (*Store)(nil)

// A tenant's settings are stored as
//
//	pk = "TENANT#<tenant>"   sk = "SETTINGS"   type = "settings"
//	market, updated_by, updated_at (each left out when empty)
func settingsKey(tenant string) attrs {
	return attrs{"pk": s(tenantPK(tenant)), "sk": s("SETTINGS")}
}

func settingsItem(tenant string, ts store.TeamSettings) attrs {
	a := settingsKey(tenant)
	a["type"] = s("settings")
	return a.with(attrs{"market": s(ts.Market), "updated_by": s(ts.UpdatedBy), "updated_at": s(ts.UpdatedAt)})
}

func readSettings(item map[string]types.AttributeValue) (store.TeamSettings, error) {
	f := read(item)
	ts := store.TeamSettings{Market: f.S("market"), UpdatedBy: f.S("updated_by"), UpdatedAt: f.S("updated_at")}
	return ts, f.Err()
}

// GetSettings implements store.Settings (a strongly consistent read).
func (st *Store) GetSettings(ctx context.Context, tenant string) (store.TeamSettings, error) {
	item, err := st.get(ctx, settingsKey(tenant))
	if err != nil {
		return store.TeamSettings{}, fmt.Errorf("get settings of %s: %w", tenant, err)
	}
	if item == nil {
		return store.TeamSettings{}, nil
	}
	ts, err := readSettings(item)
	if err != nil {
		store.Skip(ctx, st.unreadable("settings", item, err)) // read as none chosen
		return store.TeamSettings{}, nil
	}
	return ts, nil
}

// PutSettings implements store.Settings.
func (st *Store) PutSettings(ctx context.Context, tenant string, ts store.TeamSettings) error {
	if tenant == "" {
		return errors.New("put settings: tenant must be set")
	}
	return failed(st.put(ctx, &dynamodb.PutItemInput{Item: settingsItem(tenant, ts)}), nil, "put settings of %s", tenant)
}
