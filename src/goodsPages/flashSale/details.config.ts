export default definePageConfig({ navigationBarTitleText: '秒杀详情', navigationStyle: 'custom', enableShareAppMessage: true, enableShareTimeline: true })
