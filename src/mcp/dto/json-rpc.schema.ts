import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

/** SERVICE-SPEC 2.8, for the OpenAPI document; the SDK's schemas validate the real messages. */
@ApiSchema({ name: 'JsonRpcRequest' })
export class JsonRpcRequestSchema {
  @ApiProperty({ enum: ['2.0'] })
  jsonrpc: string;

  @ApiPropertyOptional({ oneOf: [{ type: 'integer' }, { type: 'string' }], description: 'Absent for notifications' })
  id?: number | string;

  @ApiProperty({ example: 'tools/call', description: 'initialize, notifications/initialized, ping, tools/list, tools/call' })
  method: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, example: { name: 'create_deal_workspace', arguments: { clientName: 'Acme Robotics' } } })
  params?: Record<string, unknown>;
}

class JsonRpcErrorSchema {
  @ApiProperty({ example: -32602 })
  code: number;

  @ApiProperty()
  message: string;

  @ApiPropertyOptional()
  data?: unknown;
}

@ApiSchema({ name: 'JsonRpcResponse' })
export class JsonRpcResponseSchema {
  @ApiProperty({ enum: ['2.0'] })
  jsonrpc: string;

  @ApiPropertyOptional({ oneOf: [{ type: 'integer' }, { type: 'string' }], nullable: true })
  id?: number | string | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  result?: Record<string, unknown>;

  @ApiPropertyOptional({ type: JsonRpcErrorSchema })
  error?: JsonRpcErrorSchema;
}
