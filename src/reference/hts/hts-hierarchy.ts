import { descriptionPathSeparator, HtsLine, HtsRow } from '../../domain/hts';
import { givingWay } from '../../domain/shared';

/** "Live horses, asses, mules and hinnies:" reads better inside a path without its colon. */
function pathSegment(description: string): string {
  return description.replace(/:$/, '');
}

function nearestWithGeneralRate(ancestors: HtsLine[]): HtsLine | undefined {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    if (ancestors[i].general !== null && ancestors[i].code !== null) return ancestors[i];
  }
  return undefined;
}

/**
 * Places each row in the schedule's tree, which both exports encode only by `indent`: a row's
 * parent is the nearest row above it with a smaller indent (indents may skip a level). From the
 * tree come the full description path and, for a line without a general rate, the nearest
 * ancestor that has one: the HTS prints a rate once and the lines below it inherit it.
 */
export async function placeInSchedule(rows: HtsRow[]): Promise<HtsLine[]> {
  const ancestors: HtsLine[] = [];
  const giveWay = givingWay();
  const lines: HtsLine[] = [];
  for (const [position, row] of rows.entries()) {
    await giveWay();
    while (ancestors.length > 0 && ancestors[ancestors.length - 1].indent >= row.indent) ancestors.pop();
    const parent = ancestors[ancestors.length - 1];
    const rateLine = row.general === null ? nearestWithGeneralRate(ancestors) : undefined;
    const line: HtsLine = {
      ...row,
      position,
      descriptionPath: parent
        ? parent.descriptionPath + descriptionPathSeparator + pathSegment(row.description)
        : pathSegment(row.description),
      rateLineCode: rateLine?.code ?? null,
    };
    ancestors.push(line);
    lines.push(line);
  }
  return lines;
}
