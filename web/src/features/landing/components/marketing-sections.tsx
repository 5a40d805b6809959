import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import {
  CheckIcon,
  CrownIcon,
  DropIcon,
  MachineIcon,
  StarIcon,
  SupportIcon,
  TrendIcon,
  UsersIcon,
} from './icons';
import styles from './landing.module.css';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const PRODUCT_ICONS: Record<string, Icon> = {
  syrups: DropIcon,
  machines: MachineIcon,
  partnership: CrownIcon,
};
const BENEFIT_ICONS: Record<string, Icon> = {
  margin: TrendIcon,
  customers: UsersIcon,
  support: SupportIcon,
};
const TAG_TONES: Record<string, string | undefined> = {
  'Purple Dream': styles.tagPurple,
  'Blue Coast': styles.tagBlue,
  'Green Machine': styles.tagGreen,
};

export function ProductsSection() {
  const { products } = brand;
  return (
    <section id="products" className={styles.section} aria-labelledby="products-title">
      <div className={styles.container}>
        <header className={styles.sectionHeader}>
          <h2 id="products-title" className={styles.sectionTitle}>
            {products.heading}
          </h2>
          <p className={styles.sectionIntro}>{products.intro}</p>
        </header>
        <ul className={styles.cardGrid}>
          {products.cards.map((card) => {
            const Icon = PRODUCT_ICONS[card.id] ?? DropIcon;
            const featured = card.id === 'partnership';
            return (
              <li key={card.id}>
                <article
                  className={`${styles.card} ${featured ? styles.cardFeatured : ''}`}
                  aria-labelledby={`product-${card.id}`}
                  style={{ height: '100%' }}
                >
                  <span className={styles.cardIcon}>
                    <Icon />
                  </span>
                  <h3 id={`product-${card.id}`} className={styles.cardTitle}>
                    {card.title}
                  </h3>
                  <p className={styles.cardText}>{card.text}</p>
                  {card.tags.length > 0 && (
                    <ul className={styles.tags} aria-label={`${card.title} highlights`}>
                      {card.tags.map((tag) => (
                        <li key={tag} className={`${styles.tag} ${TAG_TONES[tag] ?? ''}`}>
                          {tag}
                        </li>
                      ))}
                    </ul>
                  )}
                  {featured && (
                    <Link to={paths.apply} className={`${styles.button} ${styles.cardAction}`}>
                      {products.partnershipCta}
                    </Link>
                  )}
                </article>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export function TestimonialSection() {
  const { testimonial } = brand;
  return (
    <section className={`${styles.section} ${styles.sectionAlt}`} aria-labelledby="trusted-title">
      <div className={styles.container}>
        <header className={styles.sectionHeader}>
          <h2 id="trusted-title" className={styles.sectionTitle}>
            {testimonial.heading}
          </h2>
        </header>
        <figure className={styles.testimonial} style={{ margin: '0 auto' }}>
          <div
            className={styles.stars}
            role="img"
            aria-label={`Rated ${testimonial.stars} out of 5 stars`}
          >
            {Array.from({ length: testimonial.stars }, (_, index) => (
              <StarIcon key={index} />
            ))}
          </div>
          <blockquote className={styles.quote} style={{ margin: 0 }}>
            <p style={{ margin: 0 }}>“{testimonial.quote}”</p>
          </blockquote>
          <figcaption className={styles.quoteAuthor}>
            <strong>{testimonial.author}</strong>, {testimonial.role}
          </figcaption>
        </figure>
        <ul className={styles.stats}>
          {testimonial.recognition.map((item) => (
            <li key={item.figure} className={styles.stat}>
              <span className={styles.statFigure}>{item.figure}</span>
              <span className={styles.statLabel}>{item.label}</span>
            </li>
          ))}
        </ul>
        <div className={styles.cities}>
          <h3 id="cities-title" style={{ margin: 0, fontSize: '1rem', fontWeight: 600 }}>
            {testimonial.citiesLabel}
          </h3>
          <ul className={styles.cityList} aria-labelledby="cities-title">
            {testimonial.cities.map((city) => (
              <li key={city}>{city}</li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

export function ProfitSection() {
  const { profit } = brand;
  return (
    <section className={styles.section} aria-labelledby="profit-title">
      <div className={styles.container}>
        <header className={styles.sectionHeader}>
          <h2 id="profit-title" className={styles.sectionTitle}>
            {profit.heading}
          </h2>
        </header>
        <ul className={styles.cardGrid}>
          {profit.benefits.map((benefit, index) => {
            const Icon = BENEFIT_ICONS[benefit.id] ?? TrendIcon;
            return (
              <li key={benefit.id} className={`${styles.card} ${styles.benefit}`}>
                <span className={styles.cardIcon}>
                  <Icon />
                </span>
                <span className={styles.benefitNumber} aria-hidden="true">
                  0{index + 1}
                </span>
                <h3 className={styles.cardTitle}>{benefit.title}</h3>
                <p className={styles.cardText}>{benefit.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export function SeeInActionSection() {
  const { seeInAction } = brand;
  return (
    <section className={`${styles.section} ${styles.sectionAlt}`} aria-labelledby="action-title">
      <div className={`${styles.container} ${styles.showcase}`}>
        <div>
          <h2 id="action-title" className={styles.sectionTitle}>
            {seeInAction.heading}
          </h2>
          <p className={styles.sectionIntro}>{seeInAction.text}</p>
        </div>
        <figure className={styles.showcaseFigure}>
          <img
            src={seeInAction.image}
            alt={seeInAction.alt}
            width={960}
            height={600}
            loading="lazy"
            decoding="async"
          />
        </figure>
      </div>
    </section>
  );
}

export function GuaranteeSection() {
  const { guarantee } = brand;
  return (
    <section className={styles.section} aria-labelledby="guarantee-title">
      <div className={styles.container}>
        <div className={styles.guarantee}>
          <h2 id="guarantee-title" className={styles.sectionTitle}>
            {guarantee.heading}
          </h2>
          <p className={styles.sectionIntro}>{guarantee.intro}</p>
          <ul className={styles.checkList}>
            {guarantee.items.map((item) => (
              <li key={item}>
                <span className={styles.check}>
                  <CheckIcon />
                </span>
                {item}
              </li>
            ))}
          </ul>
          <Link to={paths.apply} className={`${styles.button} ${styles.buttonLarge}`}>
            {guarantee.cta}
          </Link>
        </div>
      </div>
    </section>
  );
}
