import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { PauseIcon, PlayIcon } from './icons';
import styles from './landing.module.css';

export const HERO_MEDIA = {
  webm: '/media/hero.webm',
  mp4: '/media/hero.mp4',
  poster: '/media/hero-poster.jpg',
} as const;

/**
 * Full-height hero. The looping clip is decoration (muted, no information of its own), so it is
 * hidden from assistive tech. With prefers-reduced-motion the still poster is shown instead and
 * nothing plays; otherwise a Pause/Play button stops the motion (WCAG 2.2.2).
 */
export function HeroSection() {
  const reducedMotion = usePrefersReducedMotion();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(false);

  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) {
      void video.play().catch(() => undefined);
      setPaused(false);
    } else {
      video.pause();
      setPaused(true);
    }
  };

  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      {reducedMotion ? (
        <img
          className={styles.heroMedia}
          src={HERO_MEDIA.poster}
          alt=""
          data-testid="hero-poster"
        />
      ) : (
        <video
          ref={videoRef}
          className={styles.heroMedia}
          autoPlay
          muted
          loop
          playsInline
          preload="auto"
          poster={HERO_MEDIA.poster}
          aria-hidden="true"
          tabIndex={-1}
          data-testid="hero-video"
        >
          <source src={HERO_MEDIA.webm} type="video/webm" />
          <source src={HERO_MEDIA.mp4} type="video/mp4" />
        </video>
      )}
      <div className={styles.heroShade} aria-hidden="true" />
      <div className={`${styles.container} ${styles.heroContent}`}>
        <p className={styles.eyebrow}>{brand.hero.eyebrow}</p>
        <h1 id="hero-title" className={styles.heroTitle}>
          <span className={styles.heroTitleGlow}>{brand.tagline}</span>
        </h1>
        <p className={styles.heroIntro}>{brand.hero.intro}</p>
        <div className={styles.heroActions}>
          <Link to={paths.login} className={`${styles.button} ${styles.buttonLarge}`}>
            {brand.hero.cta}
          </Link>
          <Link to={paths.apply} className={`${styles.buttonGhost} ${styles.buttonLarge}`}>
            {brand.hero.secondaryCta}
          </Link>
        </div>
      </div>
      {!reducedMotion && (
        <button type="button" className={styles.motionToggle} onClick={toggle}>
          {paused ? <PlayIcon /> : <PauseIcon />}
          {paused ? 'Play background video' : 'Pause background video'}
        </button>
      )}
    </section>
  );
}
