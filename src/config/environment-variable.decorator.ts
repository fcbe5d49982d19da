import 'reflect-metadata';

export interface EnvironmentVariableDocumentation {
  description: string;
  /** Shown in the README instead of the value; never logged. */
  sensitive?: boolean;
  /** How the default is described when it is derived rather than literal. */
  defaultDescription?: string;
}

const ENVIRONMENT_VARIABLES = Symbol('environment-variables');

/** Documents one variable of the environment schema; the README table is generated from these. */
export function EnvironmentVariable(documentation: EnvironmentVariableDocumentation): PropertyDecorator {
  return (target, propertyKey) => {
    const documented =
      (Reflect.getMetadata(ENVIRONMENT_VARIABLES, target) as Map<string, EnvironmentVariableDocumentation> | undefined) ??
      new Map<string, EnvironmentVariableDocumentation>();
    documented.set(String(propertyKey), documentation);
    Reflect.defineMetadata(ENVIRONMENT_VARIABLES, documented, target);
  };
}

export function documentedEnvironmentVariables(schema: abstract new () => object): Map<string, EnvironmentVariableDocumentation> {
  return (
    (Reflect.getMetadata(ENVIRONMENT_VARIABLES, schema.prototype as object) as Map<string, EnvironmentVariableDocumentation> | undefined) ??
    new Map<string, EnvironmentVariableDocumentation>()
  );
}
