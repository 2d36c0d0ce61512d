import { useT } from './i18n.ts';

/** Who can act, as the audit log records them (the database allows these four). */
const ACTOR_TYPES = ['member', 'staff', 'system', 'operator'] as const;
const isActorType = (type: string): type is (typeof ACTOR_TYPES)[number] =>
  (ACTOR_TYPES as readonly string[]).includes(type);

/**
 * Words for who acted, in the console's language: `actorKind('system')` is "system" / "ระบบ", and
 * `setByName` turns a recorded "type:id" of an actor without a staff account ("system:",
 * "operator:root") into "root (desk command)"; a staff username is shown as it is.
 */
export function useActorWords() {
  const t = useT('audit');
  const actorKind = (type: string) => (isActorType(type) ? t(`actorType.${type}`) : type);
  const setByName = (setBy: string) => {
    const match = /^(\w+):(.*)$/.exec(setBy);
    if (!match || !isActorType(match[1] ?? '')) return setBy;
    const kind = actorKind(match[1] ?? '');
    return match[2] ? `${match[2]} (${kind})` : kind;
  };
  return { actorKind, setByName };
}
