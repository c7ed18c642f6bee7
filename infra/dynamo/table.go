package dynamo

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// TableAPI is what CreateTable needs of the client.
type TableAPI interface {
	CreateTable(ctx context.Context, in *dynamodb.CreateTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.CreateTableOutput, error)
	DescribeTable(ctx context.Context, in *dynamodb.DescribeTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DescribeTableOutput, error)
}

// TableInput is the table of doc.go as a CreateTable request: keys pk/sk,
// index gsi1 on gsi1pk/gsi1sk projecting every attribute, on-demand billing.
// The TTL on expires_at is a separate call (UpdateTimeToLive), made by the
// SAM template in AWS.
func TableInput(name string) *dynamodb.CreateTableInput {
	str := types.ScalarAttributeTypeS
	return &dynamodb.CreateTableInput{
		TableName:   aws.String(name),
		BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String("pk"), AttributeType: str},
			{AttributeName: aws.String("sk"), AttributeType: str},
			{AttributeName: aws.String("gsi1pk"), AttributeType: str},
			{AttributeName: aws.String("gsi1sk"), AttributeType: str},
		},
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String("sk"), KeyType: types.KeyTypeRange},
		},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{
			IndexName: aws.String(IndexName),
			KeySchema: []types.KeySchemaElement{
				{AttributeName: aws.String("gsi1pk"), KeyType: types.KeyTypeHash},
				{AttributeName: aws.String("gsi1sk"), KeyType: types.KeyTypeRange},
			},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
		}},
	}
}

// CreateTable creates the table (for local runs and tests) and waits until
// it and its index are ACTIVE.
func CreateTable(ctx context.Context, api TableAPI, name string) error {
	if _, err := api.CreateTable(ctx, TableInput(name)); err != nil {
		return fmt.Errorf("create table %s: %w", name, err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		out, err := api.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
		if err != nil {
			return fmt.Errorf("describe table %s: %w", name, err)
		}
		active := out.Table.TableStatus == types.TableStatusActive
		for _, gsi := range out.Table.GlobalSecondaryIndexes {
			active = active && gsi.IndexStatus == types.IndexStatusActive
		}
		if active {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("table %s is still %s after 30 s", name, out.Table.TableStatus)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}
