/**
 * A LINE message as the Messaging API takes it (push body `messages[]`): a text, or a Flex
 * Message with its altText (what a notification or an old client shows). Only the Flex parts
 * the product's templates use are typed; the API accepts more.
 */
export interface FlexText {
  type: 'text';
  text: string;
  size?: 'xxs' | 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl';
  weight?: 'regular' | 'bold';
  color?: string;
  wrap?: boolean;
  flex?: number;
}
export interface FlexSeparator {
  type: 'separator';
  margin?: 'none' | 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl';
}
export interface FlexButton {
  type: 'button';
  action: { type: 'uri'; label: string; uri: string };
  style?: 'primary' | 'secondary' | 'link';
}
export interface FlexBox {
  type: 'box';
  layout: 'vertical' | 'horizontal' | 'baseline';
  contents: FlexComponent[];
  spacing?: 'none' | 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl';
  margin?: 'none' | 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl';
}
export type FlexComponent = FlexText | FlexSeparator | FlexButton | FlexBox;
export interface FlexBubble {
  type: 'bubble';
  header?: FlexBox;
  body: FlexBox;
  footer?: FlexBox;
}

export type LineMessage = { type: 'text'; text: string } | { type: 'flex'; altText: string; contents: FlexBubble };
