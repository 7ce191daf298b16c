import { Tag, type TagProps } from 'antd';
import { readableTagColor } from '../lib/contrast';

/**
 * A tag in a colour users chose (customer and person tags): its text is darkened, in the same hue, until it reaches
 * 4.5:1 on the tag's light background (docs/accessibility.md). Preset names ('green', 'default') pass through.
 */
export function ColorTag({ color, ...rest }: TagProps) {
  return <Tag color={color ? readableTagColor(color) : color} {...rest} />;
}
