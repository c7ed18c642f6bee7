package dynamo

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/store"
)

var _ store.Settings = (*Store)(nil)

// settingsItem is a tenant's settings as stored:
//
//	pk = "TENANT#<tenant>"   sk = "SETTINGS"   type = "settings"
type settingsItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	Type      string `dynamodbav:"type"`
	Market    string `dynamodbav:"market,omitempty"`
	UpdatedBy string `dynamodbav:"updated_by,omitempty"`
	UpdatedAt string `dynamodbav:"updated_at,omitempty"`
}

func settingsKey(tenant string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": s(tenantPK(tenant)), "sk": s("SETTINGS")}
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
	var it settingsItem
	if err := attributevalue.UnmarshalMap(item, &it); err != nil {
		store.Skip(ctx, st.unreadable("settings", item, err)) // read as none chosen
		return store.TeamSettings{}, nil
	}
	return store.TeamSettings{Market: it.Market, UpdatedBy: it.UpdatedBy, UpdatedAt: it.UpdatedAt}, nil
}

// PutSettings implements store.Settings.
func (st *Store) PutSettings(ctx context.Context, tenant string, ts store.TeamSettings) error {
	if tenant == "" {
		return errors.New("put settings: tenant must be set")
	}
	av, err := attributevalue.MarshalMap(settingsItem{PK: tenantPK(tenant), SK: "SETTINGS", Type: "settings",
		Market: ts.Market, UpdatedBy: ts.UpdatedBy, UpdatedAt: ts.UpdatedAt})
	if err != nil {
		return fmt.Errorf("encode settings of %s: %w", tenant, err)
	}
	return failed(st.put(ctx, &dynamodb.PutItemInput{Item: av}), nil, "put settings of %s", tenant)
}
