import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { joinClasses } from '@/lib/class-names';
import './screen.css';

interface TitledSectionProps extends Omit<ComponentPropsWithRef<'section'>, 'title' | 'aria-labelledby'> {
  title: ReactNode;
  /** The heading's id, which names the section; a generated one when left out. */
  titleId?: string;
  /** A line under the title: what the part is for, or who is signed in. */
  intro?: ReactNode;
  /** Beside the title: messages, filters and buttons. */
  tools?: ReactNode;
}

export interface ScreenProps extends TitledSectionProps {
  /** The header's message (a HeaderMessage), given the room between the title and the tools. */
  message?: ReactNode;
  /** Extra classes of the header, which the screen's own styles and tests select. */
  headerClassName?: string;
  /** The header stays in view as a band across the top while the page scrolls. */
  sticky?: boolean;
}

/** The title, with its intro under it when there is one. */
function Heading({
  level,
  id,
  className,
  title,
  intro,
}: {
  level: 1 | 2 | 3;
  id: string;
  className: string;
  title: ReactNode;
  intro: ReactNode;
}) {
  const Tag = `h${level}` as const;
  const heading = (
    <Tag id={id} className={className}>
      {title}
    </Tag>
  );
  if (intro === undefined) return heading;
  return (
    <div className="heading-with-intro">
      {heading}
      {intro}
    </div>
  );
}

/** A tab's screen: a section named by its h1, the header with the screen's tools, then its parts. */
export function Screen({
  title,
  titleId,
  intro,
  message,
  tools,
  className,
  headerClassName,
  sticky = false,
  children,
  ...section
}: ScreenProps) {
  const generatedId = useId();
  const id = titleId ?? generatedId;
  return (
    <section {...section} className={joinClasses('screen', sticky && 'screen-sticky', className)} aria-labelledby={id}>
      <header className={joinClasses('screen-header', headerClassName)}>
        <Heading level={1} id={id} className="screen-title" title={title} intro={intro} />
        {message === undefined ? null : <div className="screen-header-message">{message}</div>}
        {tools}
      </header>
      {children}
    </section>
  );
}

export interface PanelProps extends TitledSectionProps {
  /** The heading's level: h2 unless the screen's outline needs an h3. */
  level?: 2 | 3;
  /** Drawn as a card: a bordered white box on the page. */
  card?: boolean;
  /** How many rows the part lists, beside its title; nothing while they load. */
  count?: ReactNode;
  countTestId?: string;
}

/** A titled part of a screen: its head (title, intro, tools such as a count or buttons), then its body. */
export function Panel({
  title,
  titleId,
  intro,
  tools,
  level = 2,
  card = false,
  className,
  count,
  countTestId,
  children,
  ...section
}: PanelProps) {
  const generatedId = useId();
  const id = titleId ?? generatedId;
  return (
    <section {...section} className={joinClasses('panel', card && 'panel-card', className)} aria-labelledby={id}>
      <div className={joinClasses('panel-head', intro !== undefined && 'panel-head-with-intro')}>
        <Heading level={level} id={id} className="panel-title" title={title} intro={intro} />
        {count === undefined || count === null ? null : (
          <p className="panel-count" data-testid={countTestId}>
            {count}
          </p>
        )}
        {tools}
      </div>
      {children}
    </section>
  );
}
