import {
  useRef,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { CloseCircleFilled } from './alert-icons';
import './text-input.css';
import { classNames } from '@/lib/class-names';

type Size = 'small' | 'middle' | 'large';

function sizeClass(size: Size): string | false {
  return size !== 'middle' && `text-input--${size}`;
}

export interface TextInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'size' | 'prefix'
> {
  size?: Size;
  /** Drawn inside the box, before the text (a search glass). */
  prefix?: ReactNode;
  /** A clear button inside the box while it holds text; it empties the box through onChange. */
  allowClear?: boolean;
  /** Enter in the box. */
  onPressEnter?: (event: KeyboardEvent<HTMLInputElement>) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A one-line text box in antd's Input look with the brand theme (text-input.css): a plain
 * `<input>`, or, with a prefix or a clear button, the input inside a box that draws the border.
 * `aria-invalid` turns the border red.
 */
export function TextInput({
  size = 'middle',
  prefix,
  allowClear = false,
  onPressEnter,
  onKeyDown,
  className,
  ref,
  ...rest
}: TextInputProps) {
  const inner = useRef<HTMLInputElement | null>(null);
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) onPressEnter?.(event);
  };
  if (!prefix && !allowClear) {
    const classes = classNames('text-input', sizeClass(size), className);
    return <input {...rest} ref={ref} className={classes} onKeyDown={keyDown} />;
  }
  const setRef = (element: HTMLInputElement | null) => {
    inner.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };
  const hasText = rest.value !== undefined && rest.value !== null && String(rest.value) !== '';
  const clear = () => {
    const input = inner.current;
    if (!input) return;
    // Through the element's own value setter, so React sees an input event like typing's.
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setValue?.call(input, '');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.focus();
  };
  const classes = classNames(
    'text-input',
    'text-input--affix',
    sizeClass(size),
    rest.disabled && 'text-input--disabled',
    className,
  );
  return (
    <span className={classes}>
      {prefix && <span className="text-input__prefix">{prefix}</span>}
      <input {...rest} ref={setRef} onKeyDown={keyDown} />
      {allowClear && (
        <span className="text-input__suffix">
          <button
            type="button"
            // Hidden but keeping its room while the box is empty, as antd's.
            className={`text-input__clear${hasText && !rest.disabled && !rest.readOnly ? '' : ' text-input__clear--hidden'}`}
            aria-label="Clear"
            onClick={clear}
          >
            <CloseCircleFilled />
          </button>
        </span>
      )}
    </span>
  );
}

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A text area in the same look as TextInput. */
export function TextArea({ className, ref, ...rest }: TextAreaProps) {
  const classes = classNames('text-input', 'text-input--area', className);
  return <textarea {...rest} ref={ref} className={classes} />;
}
