/**
 * Choice group header (選択式グループ見出し): a radio whose answer decides which group header
 * sections show (the engine reads sectionOptions through the visibility rules).
 */
import { RadioItem } from './radio';
import type { ItemProps } from './types';

export function ChoiceGroupHeaderItem(p: ItemProps<'choiceGroupHeader'>) {
  return (
    <div className="form-choice-group-header">
      <RadioItem {...p} />
    </div>
  );
}
