import { fileURLToPath } from 'node:url';
import { API, type Checker, SymbolFlags, type Type, TypeFlags } from 'typescript/unstable/sync';

/** What a column reads as in TypeScript, by schema.ts. */
export type ColumnKind = 'number' | 'string' | 'boolean' | 'Date' | 'bytes' | 'json';

export interface DeclaredColumn {
  kind: ColumnKind;
  nullable: boolean;
  /** The column's type as schema.ts spells it, for messages. */
  written: string;
}

const SCHEMA = fileURLToPath(new URL('../src/db/schema.ts', import.meta.url));

/**
 * The tables and columns `DB` in db/schema.ts declares, read by the TypeScript compiler installed
 * with the project (its API asks the compiler itself, so `ColumnType`, `Generated` and the aliases
 * resolve as in the build): for each column what it reads as (the select type of a `ColumnType`)
 * and whether it may read as null.
 */
export function declaredSchema(): Map<string, Map<string, DeclaredColumn>> {
  const api = new API({ cwd: fileURLToPath(new URL('../../..', import.meta.url)) });
  try {
    const snapshot = api.updateSnapshot({ openFiles: [SCHEMA] });
    const project = snapshot.getDefaultProjectForFile(SCHEMA);
    const file = project?.program.getSourceFile(SCHEMA);
    if (!project || !file) throw new Error(`the TypeScript project of ${SCHEMA} was not found`);
    const checker = project.checker;
    const at = { document: SCHEMA, position: file.end - 1 };
    const named = (name: string) => {
      const symbol = checker.resolveName(name, SymbolFlags.Type, at, false);
      if (!symbol) throw new Error(`${name} is not a type in ${SCHEMA}`);
      return checker.getDeclaredTypeOfSymbol(symbol);
    };
    const kinds: [ColumnKind, Type][] = [
      ['number', checker.getNumberType()],
      ['string', checker.getStringType()],
      ['boolean', checker.getBooleanType()],
      ['Date', named('Date')],
    ];
    const tables = new Map<string, Map<string, DeclaredColumn>>();
    for (const table of checker.getPropertiesOfType(named('DB'))) {
      const columns = new Map<string, DeclaredColumn>();
      const tableType = checker.getTypeOfSymbol(table);
      if (!tableType) throw new Error(`DB.${table.name} has no type`);
      for (const column of checker.getPropertiesOfType(tableType)) {
        const declared = checker.getTypeOfSymbol(column);
        if (!declared) throw new Error(`${table.name}.${column.name} has no type`);
        columns.set(column.name, describe(checker, declared, kinds));
      }
      tables.set(table.name, columns);
    }
    return tables;
  } finally {
    api.close();
  }
}

/** A column's declared type as read: a `ColumnType`'s select type, nullable when null is one of its values. */
function describe(checker: Checker, declared: Type, kinds: [ColumnKind, Type][]): DeclaredColumn {
  const mayBeNull = (type: Type) =>
    (type.flags & TypeFlags.AnyOrUnknown) === 0 && checker.isTypeAssignableTo(checker.getNullType(), type);
  const outer = checker.getNonNullableType(declared) ?? declared;
  const select = checker.getPropertyOfType(outer, '__select__');
  const read = (select && checker.getTypeOfSymbol(select)) ?? outer;
  const value = checker.getNonNullableType(read) ?? read;
  const written = checker.typeToString(read);
  let kind: ColumnKind = 'json';
  if (checker.typeToString(value).startsWith('Uint8Array')) kind = 'bytes';
  else if ((value.flags & TypeFlags.AnyOrUnknown) === 0) {
    kind = kinds.find(([, type]) => checker.isTypeAssignableTo(value, type))?.[0] ?? 'json';
  }
  return { kind, nullable: mayBeNull(declared) || mayBeNull(read), written };
}
